// The bell and the mail of a post tell exactly the event's live recipients; mail only to those whose
// `announcements` preference is on (saved before the key existed: on).
import type { Recipient, RecipientDirectory } from '@academy/backend';
import type { StoredEvent } from '@academy/event-store';
import { ANNOUNCEMENT_EVENTS, ANNOUNCEMENT_MESSAGES, NotificationPreferencesChangedV1 } from '@academy/contracts';
import { announcementsInAppTemplates, announcementsMailTemplates, noticeBody } from './announcements.templates.js';

const person = (userId: string, role: Recipient['role'], announcements?: boolean): Recipient => ({
  userId,
  email: `${userId}@example.org`,
  fullName: `Person ${userId}`,
  role,
  // As the directory fills them: saved keys over the defaults (an old save has no `announcements`).
  preferences: { newApplications: true, newSubmissions: true, submissionGraded: true, ...(announcements === undefined ? { announcements: true } : { announcements }) },
});
const people = new Map([
  ['s1', person('s1', 'student')],
  ['s2', person('s2', 'student', false)],
  ['t1', person('t1', 'teacher')],
]);
const directory: RecipientDirectory = { byRoles: async () => [], byId: async (id) => people.get(id) ?? null };
const ctx = { config: { PUBLIC_URL: 'http://academy.test', MAIL_FROM: 'a@b', ADMISSIONS_EXTRA_EMAILS: [] as string[], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory };

const posted = (recipientIds: string[], body = 'Friday, room 2'): StoredEvent =>
  ({
    position: 5,
    streamId: 'announcement-n1',
    streamVersion: 1,
    id: '0c0c0c0c-0000-4000-8000-000000000005',
    type: ANNOUNCEMENT_EVENTS.AnnouncementPosted,
    schemaVersion: 1,
    data: { announcementId: 'n1', authorId: 'a1', authorRole: 'admin', audience: { kind: 'everyone' }, recipientIds, title: 'Exam', body },
    personal: null,
    erased: false,
    metadata: { actorId: 'a1', actorRole: 'admin', correlationId: 'c', causationId: null, occurredAt: '2026-11-24T10:00:00.000Z' },
    recordedAt: '2026-11-24T10:00:00.000Z',
    hash: 'h',
  }) as StoredEvent;

describe('announcement notices', () => {
  it('a notice per live recipient, linked to their own dashboard; an erased one is skipped', async () => {
    const notices = await announcementsInAppTemplates[ANNOUNCEMENT_EVENTS.AnnouncementPosted](posted(['s1', 't1', 'gone']), { directory });
    expect(notices).toEqual([
      { userId: 's1', title: ANNOUNCEMENT_MESSAGES.noticeTitle('Exam'), body: 'Friday, room 2', link: '/dashboard/student' },
      { userId: 't1', title: ANNOUNCEMENT_MESSAGES.noticeTitle('Exam'), body: 'Friday, room 2', link: '/dashboard/teacher' },
    ]);
  });

  it('shortens a long text for the bell', () => {
    expect(noticeBody('x'.repeat(300))).toHaveLength(280);
    expect(noticeBody('x'.repeat(300)).endsWith('…')).toBe(true);
    expect(noticeBody('short')).toBe('short');
  });
});

describe('announcement mail', () => {
  it('one message per recipient whose preference is on, none to one who turned it off', async () => {
    const mails = (await announcementsMailTemplates[ANNOUNCEMENT_EVENTS.AnnouncementPosted](posted(['s1', 's2', 't1']), ctx)) as { to: string; subject: string; text: string }[];
    expect(mails.map((m) => m.to)).toEqual(['Person s1 <s1@example.org>', 'Person t1 <t1@example.org>']);
    expect(mails[0].subject).toBe(ANNOUNCEMENT_MESSAGES.mailSubject('Exam'));
    expect(mails[0].text).toContain('Friday, room 2');
    expect(mails[0].text).toContain('http://academy.test/dashboard/student');
    expect(await announcementsMailTemplates[ANNOUNCEMENT_EVENTS.AnnouncementPosted](posted(['s2']), ctx)).toBeNull();
  });

  it('reads a preferences event saved before the announcements key existed', () => {
    const old = { type: 'NotificationPreferencesChanged', data: { userId: 'u', preferences: { newApplications: true, newSubmissions: false, submissionGraded: true } } };
    expect(NotificationPreferencesChangedV1.parse(old).preferences.announcements).toBeUndefined();
  });
});
