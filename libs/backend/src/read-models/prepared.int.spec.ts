// preparedQuery against a real Postgres: a statement is prepared once per connection, and a read
// model rebuilt with other columns still gets answered (unprepared) instead of failing.
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { preparedQuery } from './prepared.js';

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase('prepared');
  // One connection: every query below meets the statement prepared by the first.
  pool = new pg.Pool({ connectionString: db.url, max: 1 });
  await pool.query('CREATE TABLE marks (student text, score int)');
  await pool.query(`INSERT INTO marks VALUES ('ada', 90)`);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

it('prepares once per connection and answers a table rebuilt with other columns', async () => {
  const read = () => preparedQuery<Record<string, unknown>>(pool, 'marks.all', 'SELECT * FROM marks', []);
  expect((await read()).rows).toEqual([{ student: 'ada', score: 90 }]);
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'marks.all'`);
  expect(rows[0].n).toBe(1);
  // What a projection rebuild can do: the same name, other columns. Postgres refuses the cached plan (0A000).
  await pool.query('ALTER TABLE marks ADD COLUMN feedback text');
  await expect(pool.query({ name: 'marks.all', text: 'SELECT * FROM marks', values: [] })).rejects.toMatchObject({ code: '0A000' });
  expect((await read()).rows).toEqual([{ student: 'ada', score: 90, feedback: null }]);
});
