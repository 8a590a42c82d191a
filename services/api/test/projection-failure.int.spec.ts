// A projection that cannot apply an event, through the BUILT API, worker and CLI (run the build first):
// the worker marks it failing after its bounded tries, /api/health turns degraded naming it and the
// position, commands whose screen reads it answer 503 at once, the other projections go on, and
// `academy projections retry` after the fix brings it back (ADR 0010).
import { healthResponseSchema, messageResponseSchema, programsResponseSchema, sessionSchema, setupResponseSchema } from '@academy/contracts';
import { bodyOf, academyCli, apiCaller, startApi, untilValue as until, type RunningApi } from '@academy/testing';

describe('a failing projection in the running API and worker', () => {
  let api: RunningApi;
  beforeAll(async () => {
    // Two quick tries instead of five over 30 s, so the test does not sit through the backoff. Waits
    // are bounded at 10 min, past the test's own limit: a 503 that is not answered at once (a wait
    // that sat out its bound) fails the test instead of passing late.
    api = await startApi({ withWorker: true, env: { PROJECTION_MAX_ATTEMPTS: '2', PROJECTION_RETRY_MS: '50', CONSISTENCY_WAIT_MS: '600000' } });
  }, 60_000);
  afterAll(() => api?.stop());

  const call = (method: string, p: string, token?: string, body?: unknown) => apiCaller(api.url)(method, p, token, body);
  const academy = (...args: string[]) => academyCli(api.db.url, ...args);
  const health = async () => bodyOf(await call('GET', '/health'), healthResponseSchema);

  it('is marked failing, shows in health and the CLI, answers waits with 503 at once, and recovers on retry', async () => {
    const setup = bodyOf(await call('POST', '/setup'), setupResponseSchema);
    const admin = bodyOf(await call('POST', '/auth/sign-in', undefined, { email: setup.email, password: setup.password }), sessionSchema).access_token;
    expect((await call('POST', '/programs', admin, { name: 'Healthy' })).status).toBe(201);
    const ok = await until(health, (b) => b.status === 'ok', 'health ok');
    expect(ok.details.projections.status).toBe('up');

    // An event the catalog projection cannot apply: its table refuses the row (a data error, 23514).
    const { rows } = await api.db.pool.query(`SELECT schema_name FROM projections.checkpoints WHERE name = 'catalog' AND status = 'live'`);
    await api.db.pool.query(`ALTER TABLE "${rows[0].schema_name}".programs ADD CONSTRAINT poison CHECK (name <> 'Poison')`);

    // The command is stored; its wait ends when the worker marks the catalog failing, not at its bound.
    const poisoned = await call('POST', '/programs', admin, { name: 'Poison' });
    expect(poisoned.status).toBe(503);
    const position = Number(poisoned.headers.get('x-academy-position'));
    expect(position).toBeGreaterThan(0);
    expect(poisoned.body).toMatchObject({ statusCode: 503, position, failing: [{ projection: 'catalog', position }] });
    expect(bodyOf(poisoned, messageResponseSchema).message).toContain('"catalog" (stopped at position');

    // Health: degraded (HTTP 200, db and redis up), naming the projection and the position.
    const degraded = await until(health, (b) => b.status === 'degraded', 'health degraded');
    expect(degraded.details.db.status).toBe('up');
    expect(degraded.details.projections).toMatchObject({
      status: 'degraded',
      message: `projection catalog v1 is failing at position ${position}`,
      failing: [{ name: 'catalog', version: 1, position, checkpoint: position - 1, error: expect.stringContaining('[23514]') }],
    });
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);

    // Another write the catalog must show: 503 at once, not after the bound.
    const next = await call('POST', '/programs', admin, { name: 'Another' });
    expect(next.status).toBe(503);
    // A read that must reflect that write (X-Academy-Min-Position) too, and one before it is served.
    const read = async (min: number): Promise<{ status: number; body: unknown }> => {
      const res = await fetch(`${api.url}/api/subjects`, { headers: { authorization: `Bearer ${admin}`, 'x-academy-min-position': String(min) } });
      return { status: res.status, body: await res.json() };
    };
    const stale = await read(position);
    expect(stale).toMatchObject({ status: 503, body: { failing: [{ projection: 'catalog', position }] } });
    expect((await read(position - 1)).status).toBe(200);
    // A write of another context is answered as usual, and every other projection reaches the head.
    const teacher = await call('POST', '/users', admin, { fullName: 'Tendai Moyo', email: 'tendai@academy.test', role: 'teacher' });
    expect(teacher.status).toBe(201);
    const head = Number((await api.db.pool.query(`SELECT max(position) AS p FROM event_store.events`)).rows[0].p);
    await until(
      async () => (await api.db.pool.query<{ name: string; position: number }>(`SELECT name, position::int FROM projections.checkpoints WHERE status = 'live' AND name <> 'catalog'`)).rows,
      (rs) => rs.length > 3 && rs.every((r) => r.position >= head),
      'the other projections at the head',
    );

    // The operator's view.
    const status = await academy('projections', 'status');
    expect(status.status).toBe(1);
    expect(status.stdout).toMatch(new RegExp(`^catalog\\s+1\\s+live\\s+${position - 1}\\s+\\d+\\s+\\d+\\s+FAILING at ${position}$`, 'm'));
    expect(status.stdout).toContain(`catalog v1 is failing at position ${position}`);

    // The repair: fix the cause, then ask for a retry.
    await api.db.pool.query(`ALTER TABLE "${rows[0].schema_name}".programs DROP CONSTRAINT poison`);
    const retry = await academy('projections', 'retry', 'catalog');
    expect({ code: retry.status, out: retry.stdout }).toEqual({ code: 0, out: expect.stringMatching(/^catalog v1 recovered: checkpoint \d+, following the log again\n$/) });
    await until(health, (b) => b.status === 'ok', 'health ok again');
    const programs = await call('GET', '/programs', admin);
    expect(bodyOf(programs, programsResponseSchema).programs.map((p) => p.name).sort()).toEqual(['Another', 'Healthy', 'Poison']);
    expect((await academy('projections', 'status')).status).toBe(0);
  });
});
