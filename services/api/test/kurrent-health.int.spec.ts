// With EVENTSTORE_URL the log is in KurrentDB (ADR 0032): the built API's readiness must say so when
// KurrentDB cannot be reached (503, `eventstore` down), while liveness still answers. There is no
// KurrentDB server here: the URL names a port nobody listens on.
import { createTestDatabase, freePort, spawnService, stopProcess, testRedisUrl, uniquePrefix, until, type TestDatabase } from '@academy/testing';

let db: TestDatabase;
let api: ReturnType<typeof spawnService> | undefined;

afterAll(async () => {
  if (api) await stopProcess(api.child);
  await db?.drop();
});

it('answers /api/health 503 naming eventstore down while KurrentDB is unreachable, and /api/health/live 200', async () => {
  db = await createTestDatabase('kurrent_health');
  const [port, nobody] = [await freePort(), await freePort()];
  api = spawnService('api', {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    PORT: String(port),
    HOST: '127.0.0.1',
    QUEUE_PREFIX: uniquePrefix('kurrent-health'),
    EVENTSTORE_URL: `esdb://127.0.0.1:${nobody}?tls=false`,
  });
  const url = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${url}/api/health/live`).catch(() => null))?.status === 200, 'the API to listen', 30_000);
  const res = await fetch(`${url}/api/health`);
  const body = (await res.json()) as { status: string; details: Record<string, { status: string; message?: string }> };
  expect(res.status).toBe(503);
  expect(body.status).toBe('error');
  expect(body.details.eventstore).toMatchObject({ status: 'down', message: expect.stringMatching(/KurrentDB connection error/) });
  expect(body.details.db.status).toBe('up');
  expect(body.details.redis.status).toBe('up');
});
