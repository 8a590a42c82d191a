// A reactor that cannot handle an event, seen through the BUILT API, worker and CLI (run the build
// first): /api/health turns degraded naming the consumer and its position, `academy projections
// status` lists it as failing, `academy projections retry <name>` after the fix brings health back
// (issue 13, ADR 0010 §7). The worker's own dispatcher and reactor run beside it and stay healthy.
import { healthResponseSchema, sessionSchema, setupResponseSchema } from '@academy/contracts';
import path from 'node:path';
import { createPostgresEventStore, loadMasterKey, Reactor, type PostgresEventStore } from '@academy/event-store';
import { bodyOf, academyCli, apiCaller, repoRoot, startApi, untilValue as until, type RunningApi } from '@academy/testing';

describe('a failing reactor in the running API and CLI', () => {
  let api: RunningApi;
  let store: PostgresEventStore;
  let reactor: Reactor | null = null;
  beforeAll(async () => {
    api = await startApi({ withWorker: true });
    // The key the API made under the default ACADEMY_DATA_DIR (<repo>/.data outside production).
    store = await createPostgresEventStore({ pool: api.db.pool, masterKey: loadMasterKey({ env: { NODE_ENV: 'test' }, dataDir: path.join(repoRoot, '.data') }) });
  }, 60_000);
  afterAll(async () => {
    await reactor?.stop();
    await store?.close();
    await api?.stop();
  });

  const call = (method: string, p: string, token?: string, body?: unknown) => apiCaller(api.url)(method, p, token, body);
  // Asynchronous: the reactor under test runs in this process and must hear the retry meanwhile.
  const academy = (...args: string[]) => academyCli(api.db.url, ...args);
  const health = async () => bodyOf(await call('GET', '/health'), healthResponseSchema);

  it('is marked failing, named with its position by health and the CLI, and recovers on retry after the fix', async () => {
    const setup = bodyOf(await call('POST', '/setup'), setupResponseSchema);
    const admin = bodyOf(await call('POST', '/auth/sign-in', undefined, { email: setup.email, password: setup.password }), sessionSchema).access_token;
    expect((await call('POST', '/programs', admin, { name: 'Healthy' })).status).toBe(201);
    const ok = await until(health, (b) => b.status === 'ok', 'health ok');
    expect(ok.details.consumers.status).toBe('up');

    // A reactor whose reaction has a bug for one event (the week advance's kind of consumer).
    let broken = true;
    reactor = new Reactor({
      name: 'program-announcer',
      store,
      pool: api.db.pool,
      maxAttempts: 2,
      retryDelayMs: 20,
      reactions: {
        ProgramCreated: async (e) => {
          if (broken && (e.data as { name: string }).name === 'Poison') throw new TypeError('announcer bug (test)');
        },
      },
    }).start();
    expect((await call('POST', '/programs', admin, { name: 'Poison' })).status).toBe(201);
    const { rows } = await api.db.pool.query(`SELECT position::int AS p FROM event_store.events WHERE type = 'ProgramCreated' AND data->>'name' = 'Poison'`);
    const position = rows[0].p as number;

    const degraded = await until(health, (b) => b.status === 'degraded' && b.details.consumers.status === 'degraded', 'health degraded');
    expect(degraded.details.db.status).toBe('up');
    expect(degraded.details.projections.status).toBe('up');
    expect(degraded.details.consumers).toMatchObject({
      status: 'degraded',
      message: `reactor program-announcer is failing at position ${position}`,
      failing: [{ name: 'program-announcer', kind: 'reactor', position, checkpoint: position - 1, error: expect.stringContaining('announcer bug (test)') }],
    });
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);

    const status = await academy('projections', 'status');
    expect(status.status).toBe(1);
    expect(status.stdout).toMatch(new RegExp(`^program-announcer\\s+reactor\\s+${position - 1}\\s+\\d+\\s+\\d+\\s+FAILING at ${position}$`, 'm'));
    // The worker's own consumers run the same code and are fine.
    expect(status.stdout).toMatch(/^notifications\s+dispatcher\s+\d+\s+\d+\s+\d+\s+ok$/m);
    expect(status.stdout).toMatch(/^enrollment-week-advance\s+reactor\s+\d+\s+\d+\s+\d+\s+ok$/m);
    expect(status.stdout).toContain(`reactor program-announcer is failing at position ${position} since `);

    broken = false;
    const retry = await academy('projections', 'retry', 'program-announcer');
    expect({ code: retry.status, out: retry.stdout }).toEqual({ code: 0, out: expect.stringMatching(/^reactor program-announcer recovered: checkpoint \d+, following the log again\n$/) });
    await until(health, (b) => b.status === 'ok', 'health ok again');
    expect((await academy('projections', 'status')).status).toBe(0);
  });
});
