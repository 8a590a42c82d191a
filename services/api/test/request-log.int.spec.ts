// The API's request log (issue 17 §6): one line per request, naming the method, the path and the
// status, and never a header (bearer tokens, cookies) or a query string (searches hold people's names).
import { apiCaller, startApi, untilValue, type RunningApi } from '@academy/testing';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ env: { LOG_LEVEL: 'info' } });
}, 60_000);
afterAll(async () => {
  await api?.stop();
});

it('logs one line per request, without headers or query', async () => {
  const secret = 'Bearer eyJhbGciOiJIUzI1NiJ9.bm90LWEtdG9rZW4.c2lnbmF0dXJl';
  const res = await fetch(`${api.url}/api/programs?q=Thandiwe%20Nkosi`, { headers: { authorization: secret, cookie: 'academy_refresh=very-secret-cookie' } });
  expect(res.status).toBe(401);
  await apiCaller(api.url)('GET', '/public/courses');
  const lines = await untilValue(
    async () => api.output().split('\n').filter((l) => l.includes('"/api/programs"') || l.includes('"/api/public/courses"')),
    (ls) => ls.length >= 2,
    'both requests logged',
  );
  const logged = lines.map((l) => JSON.parse(l) as { req: Record<string, unknown>; res: Record<string, unknown>; responseTime: number });
  expect(logged.map((l) => [l.req.method, l.req.path, l.res.statusCode])).toEqual([
    ['GET', '/api/programs', 401],
    ['GET', '/api/public/courses', 200],
  ]);
  for (const l of logged) {
    expect(Object.keys(l.req).sort()).toEqual(['id', 'method', 'path']);
    expect(Object.keys(l.res)).toEqual(['statusCode']);
    expect(typeof l.responseTime).toBe('number');
  }
  expect(api.output()).not.toContain('very-secret-cookie');
  expect(api.output()).not.toContain('bm90LWEtdG9rZW4');
  expect(api.output()).not.toContain('Thandiwe');
}, 30_000);
