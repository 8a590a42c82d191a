import { describe, expect, it } from '@jest/globals';
import { SessionClient } from './session-client';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const student = { id: 'u1', email: 's@academy.test', fullName: 'Sipho', role: 'student', firstLoginCompleted: true };

describe('SessionClient and PROFILE_INCOMPLETE', () => {
  it('marks the student incomplete when the API says so, so the route guard sends them to /complete-profile', async () => {
    const fetchImpl = (async (path: string) => {
      if (path === '/api/auth/refresh') return json(200, { access_token: 't', expires_at: Math.floor(Date.now() / 1000) + 900, user: student });
      return json(403, { statusCode: 403, error: 'FORBIDDEN', message: 'Please complete your profile before you continue.', code: 'PROFILE_INCOMPLETE' });
    }) as typeof fetch;
    const client = new SessionClient({ fetch: fetchImpl });
    await client.start();
    expect(client.getState().user?.firstLoginCompleted).toBe(true);
    await expect(client.fetch('/api/student/lessons')).rejects.toMatchObject({ status: 403, code: 'PROFILE_INCOMPLETE' });
    expect(client.getState()).toMatchObject({ status: 'signed-in', user: { id: 'u1', firstLoginCompleted: false } });
    await client.signOut(); // stops the refresh timer
  });

  it('leaves the user alone on any other 403', async () => {
    const fetchImpl = (async (path: string) =>
      path === '/api/auth/refresh'
        ? json(200, { access_token: 't', expires_at: Math.floor(Date.now() / 1000) + 900, user: student })
        : json(403, { statusCode: 403, error: 'FORBIDDEN', message: 'You do not have access to this.' })) as typeof fetch;
    const client = new SessionClient({ fetch: fetchImpl });
    await client.start();
    await expect(client.fetch('/api/users')).rejects.toMatchObject({ status: 403, code: null });
    expect(client.getState().user?.firstLoginCompleted).toBe(true);
    await client.signOut();
  });
});

describe('SessionClient and the positions of its own writes (ADR 0015)', () => {
  it('sends the newest position its commands were answered with on its next commands, never on reads', async () => {
    const sent: { path: string; method: string; min: string | null }[] = [];
    let position = 40;
    const fetchImpl = (async (path: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      sent.push({ path, method: init.method ?? 'GET', min: headers.get('x-academy-min-position') });
      if (path === '/api/auth/refresh') return json(200, { access_token: 't', expires_at: Math.floor(Date.now() / 1000) + 900, user: student });
      if (init.method === 'POST') return new Response(JSON.stringify({ ok: true }), { status: 201, headers: { 'content-type': 'application/json', 'x-academy-position': String((position += 2)) } });
      return json(200, { ok: true });
    }) as typeof fetch;
    const client = new SessionClient({ fetch: fetchImpl });
    await client.start();
    await client.fetch('/api/weeks', { method: 'POST', body: { a: 1 } });
    await client.fetch('/api/weeks');
    await client.fetch('/api/weeks', { method: 'POST', body: { a: 2 } });
    await client.fetch('/api/tasks', { method: 'POST', body: { a: 3 } });
    const calls = sent.filter((s) => s.path !== '/api/auth/refresh');
    expect(calls).toEqual([
      { path: '/api/weeks', method: 'POST', min: null },
      { path: '/api/weeks', method: 'GET', min: null },
      { path: '/api/weeks', method: 'POST', min: '42' },
      { path: '/api/tasks', method: 'POST', min: '44' },
    ]);
    await client.signOut();
  });
});

describe('SessionClient without the session hint cookie', () => {
  it('is signed out at once on start, without asking for a refresh that could only be refused', async () => {
    const sent: string[] = [];
    const fetchImpl = (async (path: string) => {
      sent.push(path);
      return json(401, { statusCode: 401, error: 'Unauthorized', message: 'Your session has ended. Please sign in again.' });
    }) as typeof fetch;
    const client = new SessionClient({ fetch: fetchImpl, hasSessionHint: () => false });
    await client.start();
    expect(client.getState()).toEqual({ status: 'signed-out', user: null });
    expect(sent).toEqual([]);
  });

  it('restores the session with the hint', async () => {
    const fetchImpl = (async () => json(200, { access_token: 't', expires_at: Math.floor(Date.now() / 1000) + 900, user: student })) as typeof fetch;
    const client = new SessionClient({ fetch: fetchImpl, hasSessionHint: () => true });
    await client.start();
    expect(client.getState()).toMatchObject({ status: 'signed-in', user: { id: 'u1' } });
    await client.signOut();
  });
});
