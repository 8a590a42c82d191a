// Identity through the built API and worker as deployed: the worker runs the identity projection and
// sends the verification mail over SMTP; the API guards every endpoint and keeps the refresh cookie.
import { z } from 'zod';
import { sessionSchema, setupResponseSchema, setupStatusSchema, userResponseSchema } from '@academy/contracts';
import { bodyOf, startApi, startSmtpCatcher, type RunningApi, type TestSmtpCatcher } from '@academy/testing';

describe('identity in the running API', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let adminPassword = '';
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    api = await startApi({ withWorker: true, env: { PUBLIC_URL: 'https://academy.example', SMTP_URL: smtp.url } });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await smtp?.stop();
  });

  /** A fetch answer's JSON read through its contract schema (these checks need the raw Response's headers too). */
  const read = async <S extends z.ZodType>(res: Response, schema: S) => bodyOf({ status: res.status, body: await res.json() }, schema);
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/api${path}`, { method: 'POST', headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });

  it('sets up the first admin once, signs in with a Secure refresh cookie, refreshes and signs out', async () => {
    const setup = await post('/setup');
    expect(setup.status).toBe(201);
    const { email, password } = await read(setup, setupResponseSchema);
    adminPassword = password;
    expect((await post('/setup')).status).toBe(409);

    const signIn = await post('/auth/sign-in', { email, password });
    expect(signIn.status).toBe(200);
    const session = await read(signIn, sessionSchema);
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

  it('mails the verification link of a sign-up; the link verifies and the account signs in', async () => {
    const up = await post('/auth/sign-up', { fullName: 'Farai Moyo', email: 'farai@example.com', password: 'a long enough passphrase' });
    expect(up.status).toBe(201);
    expect((await post('/auth/sign-in', { email: 'farai@example.com', password: 'a long enough passphrase' })).status).toBe(403);
    const mail = await smtp.waitFor((m) => m.to.includes('farai@example.com'), 20_000);
    expect(mail.subject).toBe('Verify your email for Academy');
    expect(mail.text).toContain('Hello Farai Moyo,');
    const link = mail.text.match(/https:\/\/academy\.example\/auth\/verify\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token');
    expect((await post('/auth/verify-email', { token })).status).toBe(200);
    expect((await post('/auth/sign-in', { email: 'farai@example.com', password: 'a long enough passphrase' })).status).toBe(200);
    // One mail per sign-up, even though the dispatcher and the mail processor both retry on failure.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages().filter((m) => m.to.includes('farai@example.com'))).toHaveLength(1);
  });

  it('mails the credentials of an account an admin creates (worker template over SMTP); they sign in with them', async () => {
    const setup = await fetch(`${api.url}/api/setup`);
    expect((await read(setup, setupStatusSchema)).done).toBe(true);
    const admin = await read(await post('/auth/sign-in', { email: 'admin@academy.local', password: adminPassword }), sessionSchema);
    const created = await post('/users', { fullName: 'Lindiwe Khumalo', email: 'lindiwe@example.com', role: 'student_admin' }, { authorization: `Bearer ${admin.access_token}` });
    expect(created.status).toBe(201);
    expect((await read(created, userResponseSchema)).message).toBe('Student admin account created successfully! Credentials sent via email.');
    const mail = await smtp.waitFor((m) => m.to.includes('lindiwe@example.com'), 20_000);
    expect(mail.subject).toBe('Your Academy account');
    expect(mail.text).toContain('https://academy.example/auth');
    const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(password).toBeDefined();
    const session = await post('/auth/sign-in', { email: 'lindiwe@example.com', password });
    expect(session.status).toBe(200);
    expect((await read(session, sessionSchema)).user).toMatchObject({ role: 'student_admin', firstLoginCompleted: false });
  });

  it('re-issues a temporary password: mailed over SMTP, the old one and its sessions end, the new one signs in; an incomplete student is gated', async () => {
    const admin = await read(await post('/auth/sign-in', { email: 'admin@academy.local', password: adminPassword }), sessionSchema);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const created = await post('/users', { fullName: 'Tariro Moyo', email: 'tariro@example.com', role: 'student' }, auth(admin.access_token));
    expect(created.status).toBe(201);
    const { user } = await read(created, userResponseSchema);
    const first = /Temporary password: (\S+)/.exec((await smtp.waitFor((m) => m.to.includes('tariro@example.com'), 20_000)).text)![1];
    const old = await read(await post('/auth/sign-in', { email: 'tariro@example.com', password: first }), sessionSchema);
    // The student's token reaches only what /complete-profile needs.
    const lessons = await fetch(`${api.url}/api/student/lessons`, { headers: auth(old.access_token) });
    expect(lessons.status).toBe(403);
    expect(await lessons.json()).toMatchObject({ code: 'PROFILE_INCOMPLETE' });
    expect((await fetch(`${api.url}/api/auth/me`, { headers: auth(old.access_token) })).status).toBe(200);

    for (const token of [undefined, old.access_token]) expect((await post(`/users/${user.id}/temporary-password`, undefined, token ? auth(token) : {})).status).toBe(token ? 403 : 401);
    const reissued = await post(`/users/${user.id}/temporary-password`, undefined, auth(admin.access_token));
    expect(reissued.status).toBe(200);
    expect(await reissued.json()).toEqual({ message: 'New temporary password sent via email.' });
    const mail = await smtp.waitFor((m) => m.to.includes('tariro@example.com') && m.subject === 'Your new Academy password', 20_000);
    expect(mail.text).toContain('https://academy.example/auth');
    const second = /Temporary password: (\S+)/.exec(mail.text)![1];
    expect(second).not.toBe(first);
    expect((await fetch(`${api.url}/api/auth/me`, { headers: auth(old.access_token) })).status).toBe(401);
    expect((await post('/auth/sign-in', { email: 'tariro@example.com', password: first })).status).toBe(401);
    expect((await post('/auth/sign-in', { email: 'tariro@example.com', password: second })).status).toBe(200);
  });
});
