// The committed migrations (through their snapshot) say what the entities say: an entity edited
// without `npm run projection:migration` fails here, before a version is built with stale tables.
import { fileURLToPath } from 'node:url';
import { pendingProjectionMigration } from '@academy/event-store';
import { gradingOrm } from '../projections/grading/grading.orm.js';

it('needs no new migration for the grading entities', async () => {
  expect(await pendingProjectionMigration(gradingOrm, fileURLToPath(new URL('.', import.meta.url)), 'grading')).toEqual([]);
});
