import type { RecipientDirectory } from '@academy/backend';
import type { StoredEvent } from '@academy/event-store';
import { CONVERSATION_MESSAGES, GRADING_EVENTS } from '@academy/contracts';
import { replyInAppTemplates, replyMailTemplates } from './reply.templates.js';

const studentId = '0b0b0b0b-0000-4000-8000-000000000001';
const teacherId = '0b0b0b0b-0000-4000-8000-000000000002';
const otherTeacherId = '0b0b0b0b-0000-4000-8000-000000000003';
const submissionId = '0d0d0d0d-0000-4000-8000-000000000004';
const prefs = { newApplications: true, newSubmissions: true, submissionGraded: true, announcements: true };
const people = {
  [studentId]: { email: 'thandi@example.org', fullName: 'Thandi M', role: 'student' },
  [teacherId]: { email: 'tess@example.org', fullName: 'Tess Teacher', role: 'teacher' },
  [otherTeacherId]: { email: 'otto@example.org', fullName: 'Otto Other', role: 'teacher' },
} as const;
/** Everyone keeps every mail, but `off`'s owners turned off the preference named. */
const directory = (off: { who?: string; preference?: keyof typeof prefs } = {}): RecipientDirectory => ({
  byRoles: async () => [],
  byId: async (id) => {
    const person = people[id as keyof typeof people];
    if (!person) return null;
    const preferences = off.who === id && off.preference ? { ...prefs, [off.preference]: false } : prefs;
    return { userId: id, ...person, preferences } as Awaited<ReturnType<RecipientDirectory['byId']>>;
  },
});
const replied = (authorRole: 'student' | 'teacher', erased = false): StoredEvent =>
  ({
    position: 9,
    streamId: `conversation-${submissionId}`,
    streamVersion: 1,
    id: '0c0c0c0c-0000-4000-8000-000000000002',
    type: GRADING_EVENTS.SubmissionReplied,
    schemaVersion: 1,
    data: { submissionId, studentId, itemId: 'i', kind: 'task', subjectId: 'su', authorId: authorRole === 'student' ? studentId : teacherId, authorRole, title: 'Forms', teacherIds: [teacherId, otherTeacherId] },
    personal: erased ? null : { subjectId: studentId, data: { text: 'Why is the fieldset wrong?\nLine two' } },
    erased,
    metadata: { actorId: 'a', actorRole: authorRole, correlationId: 'c', causationId: null, occurredAt: '2026-11-23T10:00:00.000Z' },
    recordedAt: '2026-11-23T10:00:00.000Z',
    hash: 'h',
  }) as StoredEvent;
const config = { PUBLIC_URL: 'https://academy.example', MAIL_FROM: 'x', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' };
const mail = replyMailTemplates[GRADING_EVENTS.SubmissionReplied];
type Mail = { to: string; subject: string; text: string };

describe('reply notifications', () => {
  it('mails a teacher’s reply to the student, quoting it, with a link to the thread in My Grades', async () => {
    const sent = (await mail(replied('teacher'), { config, directory: directory() })) as Mail[];
    expect(sent.map((m) => [m.to, m.subject])).toEqual([['Thandi M <thandi@example.org>', CONVERSATION_MESSAGES.repliedMailSubject('Forms')]]);
    expect(sent[0]!.text).toContain('Tess Teacher replied on Task "Forms":');
    expect(sent[0]!.text).toContain('Why is the fieldset wrong?\nLine two');
    expect(sent[0]!.text).toContain(`https://academy.example/dashboard/student/grades?conversation=${submissionId}`);
  });

  it('mails a student’s reply to each teacher of the subject who keeps new-submission mails, linking to the unanswered replies', async () => {
    const sent = (await mail(replied('student'), { config, directory: directory({ who: otherTeacherId, preference: 'newSubmissions' }) })) as Mail[];
    expect(sent.map((m) => m.to)).toEqual(['Tess Teacher <tess@example.org>']);
    expect(sent[0]!.text).toContain('Thandi M replied on Task "Forms":');
    expect(sent[0]!.text).toContain('https://academy.example/dashboard/teacher/submissions?unanswered=1');
  });

  it('sends no mail to a student who turned grading mails off, nor once the student is erased', async () => {
    expect(await mail(replied('teacher'), { config, directory: directory({ who: studentId, preference: 'submissionGraded' }) })).toBeNull();
    expect(await mail(replied('teacher', true), { config, directory: directory() })).toBeNull();
    expect(await mail(replied('student', true), { config, directory: directory() })).toBeNull();
  });

  it('puts a notice in the bell of the other side, without the reply’s text, linking to where the thread is', async () => {
    const toStudent = await replyInAppTemplates[GRADING_EVENTS.SubmissionReplied](replied('teacher'), { directory: directory() });
    expect(toStudent).toEqual([{ userId: studentId, title: CONVERSATION_MESSAGES.repliedNoticeTitle, body: 'Tess Teacher replied on Task "Forms"', link: `/dashboard/student/grades?conversation=${submissionId}` }]);
    const toTeachers = (await replyInAppTemplates[GRADING_EVENTS.SubmissionReplied](replied('student'), { directory: directory() })) as { userId: string; body: string; link: string }[];
    expect(toTeachers.map((n) => [n.userId, n.body, n.link])).toEqual([
      [teacherId, 'Thandi M replied on Task "Forms"', '/dashboard/teacher/submissions?unanswered=1'],
      [otherTeacherId, 'Thandi M replied on Task "Forms"', '/dashboard/teacher/submissions?unanswered=1'],
    ]);
  });
});
