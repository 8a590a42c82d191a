import type { RecipientDirectory } from '@academy/backend';
import type { StoredEvent } from '@academy/event-store';
import { GRADING_EVENTS } from '@academy/contracts';
import { appLink, gradingInAppTemplates, gradingMailTemplates } from './grading.templates.js';

const studentId = '0b0b0b0b-0000-4000-8000-000000000001';
const prefs = { newApplications: true, newSubmissions: true, submissionGraded: true, announcements: true };
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
    const mail = (await render(graded('passed'), { config: { MAIL_FROM: 'x', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory: directory(true) })) as { to: string; text: string };
    expect(mail.to).toBe('Thandi M <thandi@example.org>');
    expect(mail.text).toContain('Clean work.');
    expect(mail.text).toContain('See all your grades: /dashboard/student/grades');
  });

  it('sends nothing to a student who turned grade mails off, nor for a grade set back to pending', async () => {
    const ctx = { config: { PUBLIC_URL: 'https://academy.example', MAIL_FROM: 'x', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory: directory(false) };
    expect(await render(graded('passed'), ctx)).toBeNull();
    expect(await render(graded('pending'), { ...ctx, directory: directory(true) })).toBeNull();
  });
});

describe('grading in-app notices', () => {
  const submitted = (student: string): StoredEvent =>
    ({
      position: 5,
      streamId: 'work-y',
      streamVersion: 1,
      id: '0d0d0d0d-0000-4000-8000-000000000001',
      type: GRADING_EVENTS.WorkSubmitted,
      schemaVersion: 1,
      data: { submissionId: 's', studentId: student, kind: 'task', itemId: 'i', weekId: 'w', subjectId: 'su', programId: 'p', githubUrl: 'https://github.com/x/y', attempt: 2, late: true, dueAt: null, title: 'Forms', teacherIds: ['t1'] },
      personal: null,
      erased: false,
      metadata: { actorId: student, actorRole: 'student', correlationId: 'c', causationId: null, occurredAt: '2026-11-23T10:00:00.000Z' },
      recordedAt: '2026-11-23T10:00:00.000Z',
      hash: 'h',
    }) as StoredEvent;
  const template = gradingInAppTemplates[GRADING_EVENTS.WorkSubmitted];

  it('names the student for the teacher, says the notice is about them, and how it reads once they are erased', async () => {
    const [notice] = await template(submitted(studentId), { directory: directory(true) });
    expect(notice).toEqual({
      userId: 't1',
      title: expect.any(String),
      body: 'Thandi M submitted Task "Forms" (attempt 2, late)',
      link: '/dashboard/teacher/submissions',
      about: { subjectId: studentId, erasedBody: 'An erased student submitted Task "Forms" (attempt 2, late)' },
    });
  });

  it('a student the directory no longer knows (deleted: a replay after the erasure) is shown as erased', async () => {
    const other = '0b0b0b0b-0000-4000-8000-000000000002';
    const [notice] = await template(submitted(other), { directory: directory(true) });
    expect(notice.body).toBe('An erased student submitted Task "Forms" (attempt 2, late)');
    expect(notice.about).toEqual({ subjectId: other, erasedBody: notice.body });
  });
});
