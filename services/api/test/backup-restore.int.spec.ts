// Issue 17 §6's must-show: `academy backup`, a fresh database, `academy restore`: the log is the same
// to the byte, the wrapped keys decrypt (a person signs in with their password), the chain verifies,
// and the read models the worker rebuilds replay "equal". A restore over a non-empty database is refused.
// The source is the learning-loop database of forward-migration.int.spec.ts (test/fixtures/README.md).
// Signed checkpoints are CheckpointSigned rows of the log, so they travel with it (none in this fixture).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  WORKER_PROJECTIONS,
  academyCliWith,
  apiCaller,
  createTestDatabase,
  expectLogReplaysEqual,
  freePort,
  outputOf,
  repoRoot,
  spawnWorkerAndApi,
  stopProcess,
  testRedisUrl,
  type SpawnedService,
  type TestDatabase,
  uniquePrefix,
  untilValue,
} from '@academy/testing';

/** Until the worker has made the projections' control schema, there is nothing to read yet (42P01, undefined table). */
const notYet = (e: { code?: string }) => {
  if (e.code === '42P01') return { rows: [] };
  throw e;
};

const FIXTURE = path.join(repoRoot, 'services/api/test/fixtures/main-03c81e3-learning-loop');
const MASTER_KEY = Buffer.alloc(32, 21).toString('base64');
const accounts = JSON.parse(readFileSync(`${FIXTURE}.accounts.json`, 'utf8')) as Record<'student', { email: string; password: string }>;
const file = path.join(mkdtempSync(path.join(tmpdir(), 'academy-backup-')), 'academy.backup.gz');

let source: TestDatabase;
let target: TestDatabase;
const services: SpawnedService[] = [];
type Row = { position: string; hash: string; event_id: string; recorded_at: string; data: string; personal: string | null };
const logOf = async (db: TestDatabase) =>
  (await db.pool.query<Row>('SELECT position::text, hash, event_id::text, recorded_at::text, data::text, personal::text FROM event_store.events e ORDER BY e.position')).rows;
const keysOf = async (db: TestDatabase) =>
  (await db.pool.query<{ subject_id: string; wrapped_key: string | null }>("SELECT subject_id, encode(wrapped_key, 'hex') AS wrapped_key, kek_id, created_at::text, erased_at::text FROM event_store.subject_keys ORDER BY subject_id")).rows;

beforeAll(async () => {
  source = await createTestDatabase('backup_src');
  const c = await source.pool.connect();
  await c.query(readFileSync(`${FIXTURE}.sql`, 'utf8'));
  c.release(true);
  target = await createTestDatabase('backup_dst');
}, 120_000);

afterAll(async () => {
  await Promise.all(services.map(({ child }) => stopProcess(child)));
  await source?.drop();
  await target?.drop();
});

it('backs up, restores into a fresh database (refusing a non-empty one), and the chain verifies; the worker rebuilds read models that replay "equal"', async () => {
  const srcEnv = { DATABASE_URL: source.url, ACADEMY_MASTER_KEY: MASTER_KEY };
  const dstEnv = { DATABASE_URL: target.url, ACADEMY_MASTER_KEY: MASTER_KEY };
  const before = await logOf(source);
  expect(before.length).toBeGreaterThan(40);
  const keys = await keysOf(source);
  expect(keys.length).toBeGreaterThan(0);

  const backup = await academyCliWith(srcEnv, 'backup', file);
  expect(backup).toEqual({ stderr: '', status: 0, stdout: expect.stringMatching(new RegExp(`^backed up ${before.length} events \\(0 signed checkpoints\\) and ${keys.length} subject keys, head ${before.length}:`)) });
  // The file is not overwritten.
  expect(await academyCliWith(srcEnv, 'backup', file)).toEqual({ stderr: '', status: 1, stdout: expect.stringMatching(/^academy backup: EEXIST/) });

  const restore = await academyCliWith(dstEnv, 'restore', file);
  expect(restore.stdout).toBe(
    `restored ${before.length} events (0 signed checkpoints) and ${keys.length} subject keys, head ${before.length}:${before.at(-1)!.hash}\n` +
      `ok: ${before.length} events, head ${before.length}:${before.at(-1)!.hash}; start the worker to rebuild the read models, then: academy audit replay\n`,
  );
  expect(restore.status).toBe(0);
  expect(await logOf(target)).toEqual(before);
  expect(await keysOf(target)).toEqual(keys);

  const again = await academyCliWith(dstEnv, 'restore', file);
  expect(again).toEqual({
    stderr: '',
    status: 1,
    stdout: `academy restore: refusing to restore: the database is not empty (${before.length} events, ${keys.length} subject keys in event_store); restore into a fresh database\n`,
  });
  expect((await logOf(target)).length).toBe(before.length);

  const verify = await academyCliWith(dstEnv, 'audit', 'verify');
  expect([verify.status, verify.stdout]).toEqual([0, expect.stringMatching(/^ok: /)]);

  // The worker rebuilds every read model from the restored log; the student's password (personal data,
  // sealed with a restored key) signs them in.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...dstEnv, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: uniquePrefix('restore'), PORT: String(port), HOST: '127.0.0.1', ACADEMY_FRONTENDS_DIR: path.join(repoRoot, 'frontends') };
  await spawnWorkerAndApi(services, env, async () => (await fetch(`${url}/api/health`).catch(() => null))?.status === 200, 'the API to be healthy on the restored database', 90_000);
  // Every projection of the worker, not only those registered so far (a runner may not have registered yet).
  await untilValue(
    async () => (await target.pool.query<{ name: string; position: string; status: string }>("SELECT name, position::text, status FROM projections.checkpoints WHERE status <> 'retired' ORDER BY name").catch(notYet)).rows,
    (rows) => rows.map((r) => r.name).join() === WORKER_PROJECTIONS.join() && rows.every((r) => r.status === 'live' && Number(r.position) >= before.length),
    `every projection live at the head\n${outputOf(services)}`,
  );
  const signIn = await apiCaller(url)('POST', '/auth/sign-in', undefined, { email: accounts.student.email, password: accounts.student.password });
  expect(signIn.status).toBe(200);
  await expectLogReplaysEqual(dstEnv);
}, 240_000);

it('refuses a file that is cut short, and leaves the database empty', async () => {
  const cut = path.join(path.dirname(file), 'cut.gz');
  const { gunzipSync, gzipSync } = await import('node:zlib');
  const { writeFileSync } = await import('node:fs');
  const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
  writeFileSync(cut, gzipSync(lines.slice(0, -3).join('\n') + '\n'));
  const empty = await createTestDatabase('backup_cut');
  try {
    const r = await academyCliWith({ DATABASE_URL: empty.url, ACADEMY_MASTER_KEY: MASTER_KEY }, 'restore', cut);
    expect(r).toEqual({ stderr: '', status: 1, stdout: expect.stringMatching(/^academy restore: .*cut short or altered: \d+ events and \d+ keys read, the end says nothing \(missing\)\n$/) });
    expect((await empty.pool.query('SELECT count(*)::int AS n FROM event_store.events')).rows[0].n).toBe(0);
  } finally {
    await empty.drop();
  }
}, 60_000);
