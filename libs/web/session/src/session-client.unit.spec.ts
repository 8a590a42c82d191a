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
