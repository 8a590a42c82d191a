// Run by the worker's build once it has compiled (package.json "build"): writes commands.json beside
// the built CLI, each command's name and whether it needs a database, for the wrapper `npm run academy`
// (scripts/academy-cli.mjs), which asks before it looks for a database and must not load the commands
// to ask (they load Nest, MikroORM and pg).
import { writeFileSync } from 'node:fs';
import { COMMANDS } from './table.js';

const index = COMMANDS.map((c) => ({ name: c.name, needsDatabase: c.needs !== 'nothing' }));
writeFileSync(new URL('commands.json', import.meta.url), `${JSON.stringify(index, null, 2)}\n`);
