// Issue 17 §6's must-show for /metrics (ADR 0026): after some requests, the internal port's metrics
// text has non-zero latency histograms per route template (never the raw URL), a lag gauge and a
// status for every projection, the jobs of every queue, the log's head and, once a verification is
// recorded, its age. The public port does not serve it.
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@academy/event-store';
import { freePort, startApi, untilValue, WORKER_PROJECTIONS, type RunningApi } from '@academy/testing';

/** Until the worker has made the projections' control schema, there is nothing to read yet (42P01, undefined table). */
const notYet = (e: { code?: string }) => {
  if (e.code === '42P01') return { rows: [] };
  throw e;
};

let api: RunningApi;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  api = await startApi({ withWorker: true, env: { METRICS_PORT: String(port) } });
}, 60_000);
afterAll(async () => {
  await api?.stop();
});

const scrape = async () => (await fetch(metricsUrl)).text();
/** The value of the first sample whose name and labels contain all of `parts`. */
const sample = (text: string, name: string, ...parts: string[]) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .find((l) => parts.every((p) => l.includes(p)));

it('times requests per route template, and reports every projection, queue, the head and the last verification', async () => {
  for (let i = 0; i < 3; i++) expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
  // A parameterised route: the label is its template, not the id asked for.
  const unknown = await fetch(`${api.url}/api/audit/events/123456`);
  expect(unknown.status).toBe(401);

  const projections = await untilValue(
    async () => (await api.db.pool.query<{ name: string }>("SELECT DISTINCT name FROM projections.checkpoints WHERE status <> 'retired' ORDER BY name").catch(notYet)).rows.map((r) => r.name),
    (names) => WORKER_PROJECTIONS.every((p) => names.includes(p)),
    `the worker to register every projection\n${api.output()}`,
  );
  const text = await scrape();
  const count = sample(text, 'academy_http_request_duration_seconds_count', 'route="/api/health"', 'method="GET"', 'status="200"');
  expect(count && Number(count.split(' ').at(-1))).toBeGreaterThanOrEqual(3);
  expect(sample(text, 'academy_http_request_duration_seconds_bucket', 'route="/api/health"', 'le="+Inf"')).toBeDefined();
  expect(sample(text, 'academy_http_request_duration_seconds_count', 'route="/api/audit/events/:position"', 'status="401"')).toBeDefined();
  expect(text).not.toContain('123456"');
  for (const name of projections) {
    expect([name, sample(text, 'academy_projection_lag_events', `projection="${name}"`)]).toEqual([name, expect.stringMatching(/ \d+$/)]);
    expect([name, sample(text, 'academy_projection_status', `projection="${name}"`)]).toEqual([name, expect.stringMatching(/status="(building|live|failing)"} 1$/)]);
  }
  for (const queue of ['mail', 'system', 'audit', 'git']) {
    expect([queue, sample(text, 'academy_queue_jobs', `queue="${queue}"`, 'state="failed"')]).toEqual([queue, expect.stringMatching(/ \d+$/)]);
  }
  expect(sample(text, 'academy_events_appended_total')).toMatch(/ \d+$/);
  // No verification recorded yet: no age. Then the audit job's outcome (appended here as the job would).
  expect(sample(text, 'academy_chain_verification_age_seconds')).toBeUndefined();
  const store = new PostgresEventStore({ pool: api.db.pool, masterKey: Buffer.alloc(32, 9) });
  await store.append(
    'audit-verifications',
    [{ type: 'ChainVerified', data: { requestId: randomUUID(), ok: true, checked: 1, position: null, reason: null, byUserId: null, head: { position: 1, hash: '0'.repeat(64) } }, metadata: { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } }],
    'any',
  );
  expect(sample(await scrape(), 'academy_chain_verification_age_seconds', 'ok="true"')).toMatch(/ [\d.e+-]+$/);

  // The public port has no metrics.
  const pub = await fetch(`${api.url}/metrics`);
  expect(await pub.text()).not.toContain('academy_http_request_duration_seconds');
}, 60_000);
