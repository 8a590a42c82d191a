// Identity through the built API and worker as deployed: the worker runs the identity projection and
// routes the verification mail job; the API guards every endpoint and keeps the refresh cookie.
import { Queue } from 'bullmq';
import { createRedis } from '@academy/backend';
import { startApi, type RunningApi, testRedisUrl } from '@academy/testing';

describe('identity in the running API', () => {
  let api: RunningApi;
  const prefix = `t-api-identity-${process.pid}`;
  beforeAll(async () => {
    api = await startApi({ withWorker: true, env: { QUEUE_PREFIX: prefix, PUBLIC_URL: 'https://academy.example' } });
  }, 60_000);
  afterAll(() => api?.stop());

  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/api${path}`, { method: 'POST', headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });

  it('sets up the first admin once, signs in with a Secure refresh cookie, refreshes and signs out', async () => {
    const setup = await post('/setup');
    expect(setup.status).toBe(201);
    const { email, password } = (await setup.json()) as any;
    expect((await post('/setup')).status).toBe(409);

    const signIn = await post('/auth/sign-in', { email, password });
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as any;
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('academy_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/); // PUBLIC_URL is https
    const me = await fetch(`${api.url}/api/auth/me`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(await me.json()).toMatchObject({ email: 'admin@academy.local', role: 'admin' });
    expect((await fetch(`${api.url}/api/auth/me`)).status).toBe(401);

    const refreshed = await post('/auth/refresh', undefined, { cookie: cookie.split(';')[0] });
    expect(refreshed.status).toBe(200);
    const next = refreshed.headers.getSetCookie().find((c) => c.startsWith('academy_refresh='))!;
    expect(next.split(';')[0]).not.toBe(cookie.split(';')[0]);
    expect((await post('/auth/sign-out', undefined, { cookie: next.split(';')[0] })).status).toBe(204);
    expect((await post('/auth/refresh', undefined, { cookie: next.split(';')[0] })).status).toBe(401);
  });

  it('routes the verification mail of a sign-up to the mail queue with its link', async () => {
    const up = await post('/auth/sign-up', { fullName: 'Farai Moyo', email: 'farai@example.com', password: 'a long enough passphrase' });
    expect(up.status).toBe(201);
    const redis = createRedis(testRedisUrl(), 'identity-api-test');
    const mail = new Queue('mail', { connection: redis, prefix });
    try {
      let job: any;
      for (let i = 0; i < 100 && !job; i++) {
        const jobs = await mail.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
        job = jobs.find((j) => j?.name === 'EmailVerificationRequested');
        if (!job) await new Promise((r) => setTimeout(r, 100));
      }
      expect(job.data).toMatchObject({ to: 'farai@example.com', fullName: 'Farai Moyo', verifyUrl: expect.stringMatching(/^https:\/\/academy\.example\/auth\/verify\?token=/) });
      const token = new URL(job.data.verifyUrl).searchParams.get('token');
      expect((await post('/auth/verify-email', { token })).status).toBe(200);
      expect((await post('/auth/sign-in', { email: 'farai@example.com', password: 'a long enough passphrase' })).status).toBe(200);
    } finally {
      await mail.close();
      await redis.quit();
    }
  });
});
