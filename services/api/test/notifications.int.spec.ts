// The notifications context over real Postgres and Redis: the recipient directory follows identity's
// events, an in-app template's notices land in the right inboxes once, and the bell's endpoints show
// and mark only the caller's own notices.
import { apiErrorSchema, notificationsResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { randomUUID } from 'node:crypto';
import type { InAppTemplates } from '@academy/backend';
import { EntityManager } from '@mikro-orm/postgresql';
import { recipientDirectory } from '@academy/notifications';
import { type Harness, startHarness } from './modules-harness.js';

// A test context's template: every admin and student admin hears of a "ping", with the directory as
// of that point of the log (as admissions tells staff of an application).
const templates: InAppTemplates = {
  StaffPinged: async (e, { directory }) =>
    (await directory.byRoles(['admin', 'student_admin'])).map((r) => ({ userId: r.userId, title: 'Ping', body: `Ping ${(e.data as { n: number }).n}`, link: '/dashboard/admin' })),
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness('notifications', { inAppTemplates: templates });
}, 120_000);
afterAll(() => h?.stop());

async function ping(n: number): Promise<{ id: string; position: number }> {
  const id = randomUUID();
  const meta = { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const { lastPosition } = await h.store.append(`ping-${id}`, [{ id, type: 'StaffPinged', data: { n }, metadata: meta }], 0);
  return { id, position: lastPosition };
}

const inbox = (token: string, position = 0) => h.call('GET', '/notifications', { token, minPosition: position });

describe('notifications', () => {
  it('tells every live staff member once, nobody else, and only them see their notices', async () => {
    const sa = await h.account('student_admin');
    const student = await h.account('student');
    const teacher = await h.account('teacher');
    const p = await ping(1);

    const a = await inbox(sa.token, p.position);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ unread: 1, notifications: [{ id: p.id, title: 'Ping', body: 'Ping 1', link: '/dashboard/admin', createdAt: expect.any(String), read: false }] });
    expect(bodyOf(await inbox(h.admin.token, p.position), notificationsResponseSchema).unread).toBeGreaterThanOrEqual(1);
    for (const other of [student, teacher]) expect((await inbox(other.token, p.position)).body).toEqual({ unread: 0, notifications: [] });

    // Another user's notice id changes nothing in that user's inbox.
    const foreign = await h.call('POST', '/notifications/read', { token: student.token, body: { ids: [p.id] } });
    expect(foreign.status).toBe(200);
    expect(bodyOf(foreign, notificationsResponseSchema).unread).toBe(0);
    expect(bodyOf(await inbox(sa.token), notificationsResponseSchema).unread).toBe(1);

    const read = await h.call('POST', '/notifications/read', { token: sa.token, body: { ids: [p.id] } });
    expect(read.status).toBe(200);
    expect(bodyOf(read, notificationsResponseSchema).unread).toBe(0);
    expect(bodyOf(read, notificationsResponseSchema).notifications[0]).toMatchObject({ id: p.id, read: true });
    // Read twice: the same answer, and no second event.
    const head = await h.head();
    expect(bodyOf(await h.call('POST', '/notifications/read', { token: sa.token, body: { ids: [p.id] } }), notificationsResponseSchema).unread).toBe(0);
    expect(await h.head()).toBe(head);
  });

  it('read-all marks what had arrived, not what comes after', async () => {
    const sa = await h.account('student_admin');
    const first = await ping(2);
    const second = await ping(3);
    expect(bodyOf(await inbox(sa.token, second.position), notificationsResponseSchema).unread).toBe(2);
    const all = await h.call('POST', '/notifications/read-all', { token: sa.token });
    expect(all.status).toBe(200);
    expect(bodyOf(all, notificationsResponseSchema).unread).toBe(0);
    const third = await ping(4);
    const after = await inbox(sa.token, third.position);
    expect(bodyOf(after, notificationsResponseSchema).unread).toBe(1);
    expect(bodyOf(after, notificationsResponseSchema).notifications.map((n: { id: string; read: boolean }) => [n.id, n.read])).toEqual([
      [third.id, false],
      [second.id, true],
      [first.id, true],
    ]);
  });

  it('staff who join later hear only of later events; a role change and a deletion are followed', async () => {
    const early = await ping(5);
    const sa = await h.account('student_admin');
    const late = await ping(6);
    const ids = bodyOf(await inbox(sa.token, late.position), notificationsResponseSchema).notifications.map((n: { id: string }) => n.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(early.id);

    const teacher = await h.account('teacher');
    const promoted = await h.call('PUT', `/users/${teacher.userId}/role`, { token: h.admin.token, body: { role: 'admin' } });
    expect(promoted.status).toBe(200);
    const p = await ping(7);
    const directory = recipientDirectory(h.app.get(EntityManager));
    await inbox(h.admin.token, p.position);
    expect((await directory.byId(teacher.userId))?.role).toBe('admin');

    const gone = await h.call('DELETE', `/users/${sa.userId}`, { token: h.admin.token });
    expect(gone.status).toBe(200);
    await inbox(h.admin.token, gone.position);
    expect(await directory.byId(sa.userId)).toBeNull();
    const { rows } = await h.pool.query('SELECT count(*)::int AS n FROM notifications.inbox WHERE user_id = $1', [sa.userId]);
    expect(rows[0].n).toBe(0);
  });

  it('the directory carries addresses and mail preferences for the mail templates', async () => {
    const sa = await h.account('student_admin');
    const directory = recipientDirectory(h.app.get(EntityManager));
    await inbox(sa.token, await h.head());
    expect(await directory.byId(sa.userId)).toEqual({ userId: sa.userId, email: sa.email.toLowerCase(), fullName: sa.fullName, role: 'student_admin', preferences: { newApplications: true, newSubmissions: true, submissionGraded: true, announcements: true } });
    const saved = await h.call('PUT', '/account/notification-preferences', { token: sa.token, body: { newApplications: false, newSubmissions: true, submissionGraded: true } });
    expect(saved.status).toBe(200);
    await inbox(sa.token, await h.head());
    expect((await directory.byId(sa.userId))?.preferences.newApplications).toBe(false);
    expect((await directory.byRoles(['student_admin'])).map((r) => r.userId)).toContain(sa.userId);
  });

  it('needs a signed-in user and well-formed ids', async () => {
    expect((await h.call('GET', '/notifications')).status).toBe(401);
    expect((await h.call('POST', '/notifications/read', { body: { ids: [randomUUID()] } })).status).toBe(401);
    expect((await h.call('POST', '/notifications/read-all')).status).toBe(401);
    const student = await h.account('student');
    const head = await h.head();
    const bad = await h.call('POST', '/notifications/read', { token: student.token, body: { ids: ['not-an-id'] } });
    expect(bad.status).toBe(400);
    expect(bodyOf(bad, apiErrorSchema).fields).toBeDefined();
    expect((await h.call('POST', '/notifications/read', { token: student.token, body: { ids: [] } })).status).toBe(400);
    expect((await h.call('GET', '/notifications?limit=0', { token: student.token })).status).toBe(400);
    expect(await h.head()).toBe(head);
  });
});
