// The committed migrations (through their snapshot) say what the entities say: an entity edited
// without `npm run projection:migration` fails here, before a version is built with stale tables.
import { fileURLToPath } from 'node:url';
import { pendingProjectionMigration } from '@academy/event-store';
import { learningOrm } from '../projections/learning/learning.orm.js';

it('needs no new migration for the learning entities', async () => {
  expect(await pendingProjectionMigration(learningOrm, fileURLToPath(new URL('.', import.meta.url)), 'learning')).toEqual([]);
});
