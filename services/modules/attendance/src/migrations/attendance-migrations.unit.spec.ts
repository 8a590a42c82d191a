// The committed migrations (through their snapshot) say what the entities say: an entity edited
// without `npm run projection:migration` fails here, before a version is built with stale tables.
import { fileURLToPath } from 'node:url';
import { pendingProjectionMigration } from '@academy/event-store';
import { attendanceOrm } from '../projections/attendance/attendance.orm.js';

it('needs no new migration for the attendance entities', async () => {
  expect(await pendingProjectionMigration(attendanceOrm, fileURLToPath(new URL('.', import.meta.url)), 'attendance')).toEqual([]);
});
