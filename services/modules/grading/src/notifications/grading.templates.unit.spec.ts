import type { RecipientDirectory } from '@academy/backend';
import type { StoredEvent } from '@academy/event-store';
import { GRADING_EVENTS } from '@academy/contracts';
import { appLink, gradingMailTemplates } from './grading.templates.js';

const studentId = '0b0b0b0b-0000-4000-8000-000000000001';
const prefs = { newApplications: true, newSubmissions: true, submissionGraded: true };
const directory = (submissionGraded: boolean): RecipientDirectory => ({
  byRoles: async () => [],
  byId: async (id) => (id === studentId ? { userId: id, email: 'thandi@example.org', fullName: 'Thandi M', role: 'student', preferences: { ...prefs, submissionGraded } } : null),
});
const graded = (status: 'passed' | 'pending'): StoredEvent =>
  ({
    position: 9,
    streamId: 'work-x',
    streamVersion: 2,
    id: '0c0c0c0c-0000-4000-8000-000000000001',
    type: GRADING_EVENTS.SubmissionGraded,
    schemaVersion: 1,
    data: { submissionId: 's', studentId, kind: 'capstone', itemId: 'i', weekId: 'w', subjectId: 'su', teacherId: 't', attempt: 1, score: 88, status, previous: null, title: 'Portfolio' },
    personal: { subjectId: studentId, data: { feedback: 'Clean work.' } },
    erased: false,
    metadata: { actorId: 't', actorRole: 'teacher', correlationId: 'c', causationId: null, occurredAt: '2026-11-23T10:00:00.000Z' },
    recordedAt: '2026-11-23T10:00:00.000Z',
    hash: 'h',
  }) as StoredEvent;

const render = gradingMailTemplates[GRADING_EVENTS.SubmissionGraded];

describe('grading mail templates', () => {
  it('links into the app under PUBLIC_URL, or by path when it is not set (never a failing job)', () => {
    expect(appLink('/dashboard/student/grades', 'https://academy.example/')).toBe('https://academy.example/dashboard/student/grades');
    expect(appLink('/dashboard/student/grades', undefined)).toBe('/dashboard/student/grades');
  });

  it('mails the graded student their result and feedback, also without PUBLIC_URL', async () => {
    const mail = (await render(graded('passed'), { config: { MAIL_FROM: 'x', ADMISSIONS_EXTRA_EMAILS: [] }, directory: directory(true) })) as { to: string; text: string };
    expect(mail.to).toBe('Thandi M <thandi@example.org>');
    expect(mail.text).toContain('Clean work.');
    expect(mail.text).toContain('See all your grades: /dashboard/student/grades');
  });

  it('sends nothing to a student who turned grade mails off, nor for a grade set back to pending', async () => {
    const ctx = { config: { PUBLIC_URL: 'https://academy.example', MAIL_FROM: 'x', ADMISSIONS_EXTRA_EMAILS: [] }, directory: directory(false) };
    expect(await render(graded('passed'), ctx)).toBeNull();
    expect(await render(graded('pending'), { ...ctx, directory: directory(true) })).toBeNull();
  });
});
