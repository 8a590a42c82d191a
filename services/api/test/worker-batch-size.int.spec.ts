// PROJECTION_BATCH_SIZE reaches the worker's projection runners: a worker started behind a backlog
// commits its catch-up in batches of that many events, each batch with its checkpoint (ADR 0004, 0035).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CATALOG_EVENTS } from '@academy/contracts';
import { checkpointChannel, DEFAULT_CONTROL_SCHEMA, PostgresEventStore } from '@academy/event-store';
import { spawnService, startApi, stopProcess, testRedisUrl, uniquePrefix, until, type RunningApi } from '@academy/testing';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi(); // migrated and healthy; no worker yet
}, 60_000);
afterAll(async () => {
  await api?.stop();
});

it('a worker started behind a backlog catches up in batches of PROJECTION_BATCH_SIZE events', async () => {
  const pool = new pg.Pool({ connectionString: api.db.url, max: 2 });
  const listener = new pg.Client({ connectionString: api.db.url });
  let worker: ReturnType<typeof spawnService> | undefined;
  try {
    // The backlog: programs no one has read yet (no personal parts, so no key is needed to append them).
    const store = new PostgresEventStore({ pool, masterKey: Buffer.alloc(32, 1) });
    for (let i = 0; i < 30; i++) {
      const programId = randomUUID();
      await store.append(`program-${programId}`, [{ type: CATALOG_EVENTS.ProgramCreated, data: { programId, name: `Cohort ${i}`, type: 'evening', description: '' }, metadata: { actorId: null, actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } }], 0);
    }
    const head = await store.headPosition();
    // Every committed batch notifies its checkpoint, in commit order.
    const positions: number[] = [];
    await listener.connect();
    listener.on('notification', (n) => {
      const m = JSON.parse(n.payload!) as { name: string; position: number };
      if (m.name === 'identity_users' && positions.at(-1) !== m.position) positions.push(m.position);
    });
    await listener.query(`LISTEN "${checkpointChannel(DEFAULT_CONTROL_SCHEMA)}"`);
    worker = spawnService('worker', { DATABASE_URL: api.db.url, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: uniquePrefix('batch'), PROJECTION_BATCH_SIZE: '7' });
    await until(() => positions.at(-1) === head, 'identity_users caught up', 30_000);
    const batches = Array.from({ length: Math.ceil(head / 7) }, (_, i) => Math.min((i + 1) * 7, head));
    expect(positions).toEqual(batches);
  } finally {
    if (worker) await stopProcess(worker.child);
    await listener.end().catch(() => {});
    await pool.end();
  }
}, 90_000);
