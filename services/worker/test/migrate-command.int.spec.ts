// `academy migrate` (the BUILT CLI, as the compose `migrate` service and the Kubernetes Job run it):
// on an empty database it applies every migration and exits 0; run again it applies nothing.
import { academyCli, createTestDatabase, type TestDatabase } from '@academy/testing';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('migrate_cmd');
});
afterAll(async () => {
  await db?.drop();
});

it('migrates an empty database completely, then finds nothing left to do', async () => {
  const first = await academyCli(db.url, 'migrate');
  expect(first).toMatchObject({ status: 0 });
  expect(first.stdout).toMatch(/^applied: event_store 1, /);

  const { rows } = await db.pool.query<{ t: string | null }>(
    `SELECT to_regclass('event_store.events')::text AS t UNION ALL SELECT to_regclass('public.mikro_orm_migrations')::text UNION ALL SELECT to_regclass('public.identity_migrations')::text UNION ALL SELECT to_regclass('public.audit_migrations')::text UNION ALL SELECT to_regclass('public.audit_replay_rows')::text`,
  );
  expect(rows.map((r) => r.t)).toEqual(['event_store.events', 'mikro_orm_migrations', 'identity_migrations', 'audit_migrations', 'audit_replay_rows']);
  const platform = await db.pool.query('SELECT count(*)::int AS n FROM mikro_orm_migrations');
  expect(platform.rows[0].n).toBeGreaterThan(0);

  expect(await academyCli(db.url, 'migrate')).toEqual({ stderr: '', status: 0, stdout: 'up to date: nothing to apply\n' });
});
