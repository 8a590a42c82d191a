import type { RecipientDirectory } from '@academy/backend';
import type { StoredEvent } from '@academy/event-store';
import { EXTENSION_MESSAGES, GRADING_EVENTS } from '@academy/contracts';
import { extensionInAppTemplates, extensionMailTemplates } from './extension.templates.js';

const studentId = '0b0b0b0b-0000-4000-8000-000000000001';
const prefs = { newApplications: true, newSubmissions: true, submissionGraded: true, announcements: true };
const directory = (submissionGraded: boolean): RecipientDirectory => ({
  byRoles: async () => [],
  byId: async (id) => (id === studentId ? { userId: id, email: 'thandi@example.org', fullName: 'Thandi M', role: 'student', preferences: { ...prefs, submissionGraded } } : null),
});
const granted = (erased = false): StoredEvent =>
  ({
    position: 9,
    streamId: `extension-${studentId}-i`,
    streamVersion: 1,
    id: '0c0c0c0c-0000-4000-8000-000000000002',
    type: GRADING_EVENTS.ExtensionGranted,
    schemaVersion: 1,
    data: { studentId, itemId: 'i', kind: 'task', subjectId: 'su', teacherId: 't', dueAt: '2026-11-30T21:59:00.000Z', title: 'Forms' },
    personal: erased ? null : { subjectId: studentId, data: { reason: 'Medical certificate' } },
    erased,
    metadata: { actorId: 't', actorRole: 'teacher', correlationId: 'c', causationId: null, occurredAt: '2026-11-23T10:00:00.000Z' },
    recordedAt: '2026-11-23T10:00:00.000Z',
    hash: 'h',
  }) as StoredEvent;
const config = { PUBLIC_URL: 'https://academy.example', MAIL_FROM: 'x', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' };
const mail = extensionMailTemplates[GRADING_EVENTS.ExtensionGranted];

describe('extension notifications', () => {
  it('mails the student the new date in the academy’s zone and their reason, linking to the lessons', async () => {
    const sent = (await mail(granted(), { config, directory: directory(true) })) as { to: string; subject: string; text: string };
    expect(sent.to).toBe('Thandi M <thandi@example.org>');
    expect(sent.subject).toBe('More time for "Forms"');
    expect(sent.text).toContain('Your teacher extended your due date for Task "Forms" to 30 Nov 2026, 23:59 Johannesburg time.');
    expect(sent.text).toContain('Reason: Medical certificate');
    expect(sent.text).toContain('https://academy.example/dashboard/student/lessons');
  });

  it('sends no mail to a student who turned grading mails off, nor once they are erased', async () => {
    expect(await mail(granted(), { config, directory: directory(false) })).toBeNull();
    expect(await mail(granted(true), { config, directory: directory(true) })).toBeNull();
  });

  it('puts a notice in the student’s bell, without the date or the reason', async () => {
    const notices = await extensionInAppTemplates[GRADING_EVENTS.ExtensionGranted](granted(), { directory: directory(true) });
    expect(notices).toEqual([{ userId: studentId, title: EXTENSION_MESSAGES.grantedNoticeTitle, body: 'Task "Forms": you have more time. See the new due date in your lessons.', link: '/dashboard/student/lessons' }]);
  });
});
