// A cancelled or moved session tells exactly the event's live recipients: in the bell always, by mail
// when their `announcements` preference is on; times in the schedule's zone, no personal data of others.
import type { Recipient, RecipientDirectory } from '@academy/backend';
import type { StoredEvent } from '@academy/event-store';
import { ATTENDANCE_EVENTS } from '@academy/contracts';
import { attendanceInAppTemplates, attendanceMailTemplates } from './attendance.templates.js';

const person = (userId: string, announcements: boolean): Recipient => ({
  userId,
  email: `${userId}@example.org`,
  fullName: `Person ${userId}`,
  role: 'student',
  preferences: { newApplications: true, newSubmissions: true, submissionGraded: true, announcements },
});
const people = new Map([
  ['s1', person('s1', true)],
  ['s2', person('s2', false)],
]);
const directory: RecipientDirectory = { byRoles: async () => [], byId: async (id) => people.get(id) ?? null };
const ctx = { config: { PUBLIC_URL: 'http://academy.test', MAIL_FROM: 'a@b', ADMISSIONS_EXTRA_EMAILS: [] as string[], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory };
const about = { subjectId: 'sub1', subjectName: 'HTML & CSS', sessionId: 'se1', timeZone: 'Africa/Johannesburg', reason: 'Load-shedding', recipientIds: ['s1', 's2', 'gone'] };

const event = (type: string, data: unknown): StoredEvent =>
  ({
    position: 5,
    streamId: 'schedule-sub1',
    streamVersion: 2,
    id: '0c0c0c0c-0000-4000-8000-000000000005',
    type,
    schemaVersion: 1,
    data,
    personal: null,
    erased: false,
    metadata: { actorId: 't1', actorRole: 'teacher', correlationId: 'c', causationId: null, occurredAt: '2027-03-14T10:00:00.000Z' },
    recordedAt: '2027-03-14T10:00:00.000Z',
    hash: 'h',
  }) as StoredEvent;
const cancelled = event(ATTENDANCE_EVENTS.SessionCancelled, { ...about, startsAt: '2027-03-15T16:00:00.000Z' });
const moved = event(ATTENDANCE_EVENTS.SessionMoved, { ...about, fromStartsAt: '2027-03-15T16:00:00.000Z', startsAt: '2027-03-16T16:00:00.000Z', endsAt: '2027-03-16T17:00:00.000Z' });

describe('session change notices', () => {
  it('a bell notice per live recipient, times in the academy zone, linked to My Attendance', async () => {
    const notices = await attendanceInAppTemplates[ATTENDANCE_EVENTS.SessionCancelled]!(cancelled, { directory });
    expect(notices).toEqual(
      ['s1', 's2'].map((userId) => ({
        userId,
        title: 'Session cancelled: HTML & CSS',
        body: 'The session of 15 Mar 2027, 18:00 Johannesburg time is cancelled. Reason: Load-shedding',
        link: '/dashboard/student/attendance',
      })),
    );
    const [move] = await attendanceInAppTemplates[ATTENDANCE_EVENTS.SessionMoved]!(moved, { directory });
    expect(move).toMatchObject({ title: 'Session moved: HTML & CSS', body: 'The session of 15 Mar 2027, 18:00 Johannesburg time moves to 16 Mar 2027, 18:00 Johannesburg time. Reason: Load-shedding' });
  });

  it('mails only those whose announcements preference is on, one message each', async () => {
    const mails = (await attendanceMailTemplates[ATTENDANCE_EVENTS.SessionCancelled]!(cancelled, ctx)) as { to: string; subject: string; text: string }[];
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['Person s1 <s1@example.org>', 'Session cancelled: HTML & CSS']]);
    expect(mails[0]!.text).toContain('http://academy.test/dashboard/student/attendance');
    expect(await attendanceMailTemplates[ATTENDANCE_EVENTS.SessionMoved]!(event(ATTENDANCE_EVENTS.SessionMoved, { ...(moved.data as object), recipientIds: ['s2'] }), ctx)).toBeNull();
  });
});
