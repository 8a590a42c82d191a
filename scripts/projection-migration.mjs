// `npm run projection:migration -- <context-dir> <export> <label>`: MikroORM's Migrator writes the next
// migration of a projection's entities into <context-dir>/src/migrations (ADR 0018), e.g.
//   npm run projection:migration -- services/modules/notifications notificationsOrm notifications
// <export> is the ProjectionOrm exported by the context's package entry. Add the printed line to
// <context-dir>/src/migrations/index.ts, and give the projection a new version.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import './ts-hooks.mjs';

const [contextDir, exportName, label] = process.argv.slice(2);
if (!contextDir || !exportName || !label || !/^[a-z][a-z0-9_]*$/.test(label)) {
  process.stderr.write('usage: npm run projection:migration -- <context-dir> <export> <label: lower-case, digits, _>\n');
  process.exit(2);
}
const root = path.resolve(contextDir);
const mod = await import(pathToFileURL(path.join(root, 'src/index.ts')).href);
const spec = mod[exportName];
if (!spec?.entities) {
  process.stderr.write(`${contextDir}/src/index.ts exports no ProjectionOrm named ${exportName}\n`);
  process.exit(2);
}
const { createProjectionMigration } = await import('@academy/event-store');
const created = await createProjectionMigration(spec, path.join(root, 'src/migrations'), label);
if (!created.name) {
  process.stdout.write('the entities match the snapshot: no migration\n');
} else {
  process.stdout.write(`wrote src/migrations/${created.name}.ts; add to src/migrations/index.ts:\n  { name: '${created.name}', class: ${created.name} },\n`);
}
