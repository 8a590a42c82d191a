// The API as a user runs it: the built services/api/dist/main.js against a real Postgres and Redis.
import { apiErrorSchema, federationManifestSchema, type HealthResponse, healthResponseSchema } from '@academy/contracts';
import { apiCaller, bodyOf, spawnService, startApi, type RunningApi, testRedisUrl } from '@academy/testing';

describe('API platform endpoints', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ withWorker: true });
  }, 60_000);
  afterAll(() => api?.stop());

  it('reports db, redis and (once it has run) the worker in /api/health', async () => {
    let body: HealthResponse | undefined;
    for (let i = 0; i < 100; i++) {
      body = bodyOf(await apiCaller(api.url)('GET', '/health'), healthResponseSchema);
      if (body.info?.worker?.status === 'up') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(body?.status).toBe('ok');
    expect(body?.info?.db?.status).toBe('up');
    expect(body?.info?.redis?.status).toBe('up');
    expect(body?.info?.worker?.status).toBe('up');
    // The worker's heartbeat went API-independent: queue in Redis → worker → row in Postgres.
    const { rows } = await api.db.pool.query('select jobs_processed from worker_heartbeat');
    expect(rows[0].jobs_processed).toBeGreaterThanOrEqual(1);
  });

  it('answers bad input with a 400 naming the field, and writes nothing', async () => {
    const res = await fetch(`${api.url}/api/client-events/not-found`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '' }),
    });
    expect(res.status).toBe(400);
    const body = bodyOf({ status: res.status, body: await res.json() }, apiErrorSchema);
    expect(body.fields?.path[0]).toMatch(/at least 1|>=1/);
  });

  it('logs a 404 reported by the shell, also when sent as a text/plain beacon', async () => {
    const res = await fetch(`${api.url}/api/client-events/not-found`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      // A query may hold a name or an email (a search, a mailed link): the log keeps neither.
      body: JSON.stringify({ path: '/no/such/page?email=thandi@academy.test', referrer: 'http://x/y?q=Thandi#top' }),
    });
    expect(res.status).toBe(204);
    for (let i = 0; i < 20 && !api.output().includes('/no/such/page'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(api.output()).toContain('"path":"/no/such/page"');
    expect(api.output()).toContain('"referrer":"http://x/y"');
    expect(api.output()).toContain('page not found');
    expect(api.output()).not.toMatch(/thandi|Thandi/);
  });

  it('serves OpenAPI at /api/docs', async () => {
    const html = await fetch(`${api.url}/api/docs`);
    expect(html.status).toBe(200);
    // No contract describes the document itself: its parts are checked where they sit.
    const doc: unknown = await (await fetch(`${api.url}/api/docs/openapi.json`)).json();
    for (const path of ['/api/health', '/api/federation/manifest', '/api/client-events/not-found']) expect(doc).toHaveProperty(['paths', path]);
    // The document generated from the zod contracts (openapi.int.spec.ts checks it in full), not Nest's DTO scan.
    expect(doc).toHaveProperty('openapi', '3.1.0');
    expect(doc).toHaveProperty(['paths', '/api/programs', 'post', 'requestBody', 'content', 'application/json', 'schema'], { $ref: '#/components/schemas/ProgramRequest' });
  });

  it('answers unknown API paths with a JSON 404, never the SPA', async () => {
    const res = await fetch(`${api.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('lists the built remotes in the runtime federation manifest, with the academy time zone (default Africa/Johannesburg)', async () => {
    const body = bodyOf(await apiCaller(api.url)('GET', '/federation/manifest'), federationManifestSchema);
    expect(body.academyTimeZone).toBe('Africa/Johannesburg');
    expect(body.remotes).toEqual(expect.arrayContaining([{ name: 'dashboard_student', entry: expect.stringMatching(/^\/remotes\/dashboard-student\//) }]));
  });

  it('lets a deployment point a remote elsewhere without rebuilding the shell', async () => {
    const other = await startApi({ env: { ACADEMY_REMOTE_DASHBOARD_STUDENT: 'https://cdn.example/student/mf-manifest.json', ACADEMY_TIME_ZONE: 'Africa/Harare' } });
    try {
      const body = bodyOf(await apiCaller(other.url)('GET', '/federation/manifest'), federationManifestSchema);
      expect(body.academyTimeZone).toBe('Africa/Harare');
      expect(body.remotes).toContainEqual({ name: 'dashboard_student', entry: 'https://cdn.example/student/mf-manifest.json' });
    } finally {
      await other.stop();
    }
  }, 60_000);

  it('serves the shell for client routes and a 404 for missing assets', async () => {
    const page = await fetch(`${api.url}/dashboard/student/grades`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${api.url}/static/js/missing.0123456789.js`);
    expect(asset.status).toBe(404);
  });

  it('serves the built JavaScript compressed when the browser accepts it, the same bytes once decoded', async () => {
    const html = await (await fetch(`${api.url}/`)).text();
    const main = /src="(\/main\.[0-9a-f]+\.js)"/.exec(html)![1];
    const plain = await fetch(`${api.url}${main}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await plain.arrayBuffer());
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${api.url}${main}`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(Number(res.headers.get('content-length'))).toBeLessThan(bytes.length / 2);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // Nothing outside the app's folder, however the path is spelled.
    expect((await fetch(`${api.url}/..%2f..%2fpackage.json`, { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBeNull();
  });

  it('answers a page load that re-checks an entry point it has (no-cache) with a 304 and no body, per encoding', async () => {
    const manifest = (await (await fetch(`${api.url}/api/federation/manifest`)).json()) as { remotes: { name: string; entry: string }[] };
    const entry = manifest.remotes.find((r) => r.name === 'dashboard_student')!.entry;
    for (const path of ['/index.html', entry]) {
      const first = await fetch(`${api.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const tag = first.headers.get('etag')!;
      expect(tag).toMatch(/^W\/".+-br"$/);
      await first.arrayBuffer();
      const again = await fetch(`${api.url}${path}`, { headers: { 'accept-encoding': 'br', 'if-none-match': tag } });
      expect(again.status).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      // The gzip bytes are another representation: the br validator does not stand for them.
      const gzip = await fetch(`${api.url}${path}`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': tag } });
      expect(gzip.status).toBe(200);
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gzip.headers.get('etag')).not.toBe(tag);
      await gzip.arrayBuffer();
    }
  });
});

describe('API configuration', () => {
  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'nonsense', REDIS_URL: 'redis://127.0.0.1:1' }],
    ['REDIS_URL', { DATABASE_URL: 'postgres://u@127.0.0.1:1/x', REDIS_URL: 'http://nope' }],
  ])('refuses to start with a bad %s, in one line naming it', async (name, env) => {
    const { child, output } = spawnService('api', env);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    const lines = output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(lines[0]).toMatch(/^academy: invalid configuration/);
  });

  it('refuses to start without DATABASE_URL', async () => {
    const { child, output } = spawnService('api', { REDIS_URL: testRedisUrl() });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(output()).toContain('DATABASE_URL is required');
  });
});
