// `npm run academy -- <command>`: runs the CLI (services/worker/src/cli/academy.ts) against
//   DATABASE_URL when set; else the database of a running `npm start` (ACADEMY_DATA_DIR/stack.json);
//   else the embedded PostgreSQL in ACADEMY_DATA_DIR/postgres, started for the command and stopped after.
//   A command that needs no database (help, audit verify-bundle: each command's `needs`, under
//   services/worker/src/cli/commands/) runs as it is, even in a fresh clone with no academy data.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.env.ACADEMY_DATA_DIR ?? path.join(root, '.data'));
const cli = path.join(root, 'services/worker/dist/cli/academy.js');
// What the build says of each command (write-command-index.ts), and the CLI's own way of finding the one
// the arguments name: both import nothing, so asking costs nothing.
const commands = path.join(root, 'services/worker/dist/cli/commands.json');
const finder = path.join(root, 'services/worker/dist/cli/find-command.js');
const args = process.argv.slice(2);

// A build from before commands.json has the CLI but not it: build then too.
if (!existsSync(cli) || !existsSync(commands)) {
  const nx = path.join(root, 'node_modules/nx/dist/bin/nx.js');
  const r = spawnSync(process.execPath, [nx, 'run-many', '-t', 'build', '--projects=@academy/worker', '--outputStyle=static'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NX_DAEMON: 'false' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const run = (databaseUrl) =>
  spawnSync(process.execPath, ['--enable-source-maps', cli, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl, ACADEMY_DATA_DIR: dataDir } }).status ?? 1;

function runningStack() {
  try {
    const stack = JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8'));
    process.kill(stack.pid, 0);
    return stack;
  } catch {
    return null;
  }
}

// Which commands need a database is the CLI's to say: the wrapper asks its build and keeps no list of its own.
// No command named (help, a typo) needs none either: the CLI prints its usage.
const { findCommand } = await import(pathToFileURL(finder).href);
if (!findCommand(JSON.parse(readFileSync(commands, 'utf8')), args)?.command.needsDatabase) process.exit(run(process.env.DATABASE_URL));
if (process.env.DATABASE_URL) process.exit(run(process.env.DATABASE_URL));
const stack = runningStack();
if (stack) process.exit(run(stack.databaseUrl));
if (!existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
  process.stderr.write(`academy: no academy database in ${dataDir} yet: run npm start once, or set DATABASE_URL\n`);
  process.exit(2);
}
const { startPostgres } = await import('@academy/devstack');
const pg = await startPostgres({ dataDir: path.join(dataDir, 'postgres') });
let code = 1;
try {
  code = run(await pg.createDatabase('academy'));
} finally {
  await pg.stop();
}
process.exit(code);
