// HTTP hardening of the built API as a user runs it (issue 13, defect 7): security headers on the page,
// the remotes and the API; no-store on every answer that carries tokens; HSTS and the remotes'
// origins only when configured; and, with TRUST_PROXY unset, a forged X-Forwarded-For is ignored.
import { startApi, type RunningApi } from '@academy/testing';

let api: RunningApi;
let secure: RunningApi;
const CDN = 'https://cdn.example';
beforeAll(async () => {
  [api, secure] = await Promise.all([
    startApi({ withWorker: true }),
    startApi({ env: { PUBLIC_URL: 'https://academy.example', ACADEMY_REMOTE_DASHBOARD_STUDENT: `${CDN}/student/mf-manifest.json` } }),
  ]);
}, 90_000);
afterAll(async () => Promise.all([api?.stop(), secure?.stop()]));

/** The CSP as a map of directive → sources. */
function csp(headers: Headers): Map<string, string[]> {
  const policy = headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectHardened(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  const policy = csp(headers);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  // No inline script and no eval: only files of this origin (and configured remote origins).
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
}

describe('security headers', () => {
  it('on the page, a remote entry and the API; no HSTS on plain http', async () => {
    const manifest = (await (await fetch(`${api.url}/api/federation/manifest`)).json()) as { remotes: { name: string; entry: string }[] };
    const remote = manifest.remotes.find((r) => r.name === 'dashboard_student')!;
    for (const path of ['/', '/dashboard/student', remote.entry, '/api/health', '/api/nope']) {
      const res = await fetch(`${api.url}${path}`);
      expectHardened(res.headers);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(csp(res.headers).has('upgrade-insecure-requests')).toBe(false);
    }
    expect(csp((await fetch(`${api.url}/`)).headers).get('script-src')).toEqual(["'self'"]);
  });

  it('with an https PUBLIC_URL: HSTS, upgrade-insecure-requests, and a remote on another origin allowed to load', async () => {
    const res = await fetch(`${secure.url}/`);
    expectHardened(res.headers);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const policy = csp(res.headers);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('script-src')).toEqual(["'self'", CDN]);
    expect(policy.get('connect-src')).toEqual(["'self'", CDN]);
  });
});

describe('Cache-Control: no-store on answers that carry tokens', () => {
  it('setup, sign-in, refresh, me, profile, sign-up and their refusals', async () => {
    const call = (method: string, path: string, o: { body?: unknown; token?: string; cookie?: string } = {}) =>
      fetch(`${api.url}/api${path}`, {
        method,
        headers: {
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(o.cookie ? { cookie: o.cookie } : {}),
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
    const setup = await call('POST', '/setup');
    expect(setup.status).toBe(201);
    const { email, password } = (await setup.json()) as { email: string; password: string };
    const signIn = await call('POST', '/auth/sign-in', { body: { email, password } });
    expect(signIn.status).toBe(200);
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('academy_refresh='))!.split(';')[0]!;
    const answers = {
      setup,
      signIn,
      refresh: await call('POST', '/auth/refresh', { cookie }),
      me: await call('GET', '/auth/me', { token }),
      profile: await call('POST', '/profile/complete', { token, body: {} }),
      signUp: await call('POST', '/auth/sign-up', { body: { fullName: 'Lerato Dlamini', email: 'lerato@example.com', password: 'correct horse battery staple' } }),
      wrongPassword: await call('POST', '/auth/sign-in', { body: { email, password: 'not it' } }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({
      setup: 201,
      signIn: 200,
      refresh: 200,
      me: 200,
      profile: 400,
      signUp: 201,
      wrongPassword: 401,
    });
    for (const [name, res] of Object.entries(answers)) expect([name, res.headers.get('cache-control')]).toEqual([name, 'no-store']);
    // Nothing keeps a no-store answer, so none carries a validator (the platform computes no ETag: platform.module.ts).
    for (const [name, res] of Object.entries(answers)) expect([name, res.headers.get('etag')]).toEqual([name, null]);
  });
});

describe('TRUST_PROXY unset', () => {
  it('counts the socket address: a forged X-Forwarded-For on each wrong password does not escape the per-address limit', async () => {
    // On the API no other test signed in to (its failures from 127.0.0.1 start at 0).
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await fetch(`${secure.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: `someone.${i}@example.com`, password: 'Winter2026!' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(25).fill(401), 429]);
  }, 60_000);
});
