// The conversation on a submission (issue 30 §3) over real HTTP, Postgres and Redis (modules-harness.ts):
// both routes × every role, the student of another submission and a teacher of another subject; replies
// in order both ways, the other side told in the bell; the teacher Submissions' unanswered marker;
// bad and hostile reply text writes nothing; erasing the student takes the thread's text.
import {
  apiErrorSchema,
  CONVERSATION_MESSAGES,
  conversationResponseSchema,
  notificationsResponseSchema,
  type Subject,
  submissionResponseSchema,
  type TeacherSubmissionsResponse,
  teacherSubmissionsResponseSchema,
  UNSTORABLE_TEXT_MESSAGE,
  weekResponseSchema,
} from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { gradingInAppTemplates } from '@academy/grading';
import { type Account, type Harness, startHarness } from './modules-harness.js';
import { type GradingCohort, gradingCohort } from './grading-cohort.js';
import { type MatrixRow, matrixAnswers, roleCallers } from './authorization-matrix.js';

let h: Harness;
let student: Account;
let otherStudent: Account;
let teacher: Account;
let otherTeacher: Account;
let studentAdmin: Account;
let auditor: Account;
let subject: Subject;
let enrollActive: GradingCohort['enrollActive'];
let taskId: string;
/** Olu's submission (the authorization matrix makes it; one submission per student and item). */
let othersSubmission: string;

const admin = () => h.admin.token;
const replyEvents = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.streamId.startsWith('conversation-')).length;
const reply = (submissionId: string, body: unknown, token = student.token) => h.call('POST', `/submissions/${submissionId}/replies`, { token, body });
const thread = async (submissionId: string, token = teacher.token) =>
  bodyOf(await h.call('GET', `/submissions/${submissionId}/replies`, { token, minPosition: await h.head() }), conversationResponseSchema).replies;
const inbox = async (who: Account) => bodyOf(await h.call('GET', '/notifications', { token: who.token, minPosition: await h.head() }), notificationsResponseSchema).notifications;

/** A new submission of `s` (its latest attempt) at the week's task, or a resubmission after needs_revision. */
async function submitted(s = student): Promise<string> {
  const res = await h.call('POST', '/student/submissions', { token: s.token, body: { kind: 'task', itemId: taskId, githubUrl: 'https://github.com/ada/work' } });
  return bodyOf(res, submissionResponseSchema).submission.id;
}
/** Every page of a tab of the teacher's Submissions (`query`: the filter), `limit` rows a page: the ids and the counts. */
async function allPages(query: string, limit: number) {
  const ids: string[] = [];
  let after: string | null = null;
  let counts = { pending: -1, graded: -1 };
  do {
    const page: TeacherSubmissionsResponse = bodyOf(
      await h.call('GET', `/teacher/submissions?${query}&limit=${limit}${after ? `&after=${after}` : ''}`, { token: teacher.token, minPosition: await h.head() }),
      teacherSubmissionsResponseSchema,
    );
    ids.push(...page.items.map((s) => s.id));
    counts = page.counts;
    after = page.nextCursor;
  } while (after);
  return { ids, counts };
}
const marker = async (submissionId: string) =>
  bodyOf(await h.call('GET', '/teacher/submissions?limit=200', { token: teacher.token, minPosition: await h.head() }), teacherSubmissionsResponseSchema).items.find((s) => s.id === submissionId)?.awaitingReply;

beforeAll(async () => {
  h = await startHarness('conversations', { inAppTemplates: gradingInAppTemplates });
  student = await h.account('student', 'Ada Student');
  otherStudent = await h.account('student', 'Olu Other');
  ({ teacher, otherTeacher, studentAdmin, auditor, subject, enrollActive } = await gradingCohort(h));
  const { week } = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 1, title: 'Semantic HTML' } }), weekResponseSchema);
  taskId = bodyOf(await h.call('POST', `/weeks/${week.id}/tasks`, { token: teacher.token, body: { dayNumber: 1, title: 'Forms' } }), weekResponseSchema).week.tasks[0].id;
  expect((await h.call('PUT', `/weeks/${week.id}/published`, { token: teacher.token, body: { published: true } })).status).toBe(200);
  await enrollActive(student);
  await enrollActive(otherStudent);
}, 90_000);
afterAll(async () => h?.stop());

/** A new student actively enrolled in the program. */
async function enrolledStudent(name: string) {
  const s = await h.account('student', name);
  await enrollActive(s);
  return s;
}

describe('authorization', () => {
  it('answers both routes as expected for each role, the student of another submission (404) and a teacher of another subject (403)', async () => {
    const submissionId = await submitted(otherStudent);
    othersSubmission = submissionId;
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    // The student column is a student who does not own the submission; its owner is the last column.
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const valid = { text: 'Is the label order right now?' };
    // columns: anonymous, another student, teacher of the subject, admin, student admin, auditor, teacher of another subject, its student
    const matrix: MatrixRow[] = [
      ['GET', `/submissions/${submissionId}/replies`, undefined, 401, 404, 200, 200, 403, 403, 403, 200],
      ['GET', `/submissions/${nobody}/replies`, undefined, 401, 404, 404, 404, 403, 403, 404, 404],
      ['GET', '/submissions/not-a-uuid/replies', undefined, 401, 404, 404, 404, 403, 403, 404, 404],
      ['POST', `/submissions/${submissionId}/replies`, valid, 401, 404, 201, 403, 403, 403, 403, 201],
      ['POST', `/submissions/${nobody}/replies`, valid, 401, 404, 404, 403, 403, 403, 404, 404],
    ];
    const { got, want } = await matrixAnswers(h, matrix, roleCallers(token, { 'other teacher': otherTeacher, 'its student': otherStudent }));
    expect(got).toEqual(want);
    const refused = await reply(submissionId, valid, otherTeacher.token);
    expect(bodyOf(refused, apiErrorSchema).message).toBe('You are not assigned to this subject.');
    // Two replies were sent (the teacher's and its student's), nothing by anyone refused.
    expect((await thread(submissionId)).map((r) => r.authorRole)).toEqual(['teacher', 'student']);
  });
});

describe('a thread both ways', () => {
  it('keeps the replies in order with their authors; the other side is told in the bell; the Submissions mark an unanswered student reply', async () => {
    const submissionId = await submitted();
    expect(await marker(submissionId)).toBe(false);
    const first = await reply(submissionId, { text: '  Why is the fieldset wrong?  ' });
    expect(first.status).toBe(201);
    expect(bodyOf(first, conversationResponseSchema)).toMatchObject({ message: CONVERSATION_MESSAGES.sent, replies: [{ authorId: student.userId, authorName: 'Ada Student', authorRole: 'student', text: 'Why is the fieldset wrong?' }] });
    expect(await marker(submissionId)).toBe(true);
    const told = (await inbox(teacher)).filter((n) => n.title === CONVERSATION_MESSAGES.repliedNoticeTitle);
    expect(told.map((n) => [n.body, n.link])).toContainEqual(['Ada Student replied on Task "Forms"', '/dashboard/teacher/submissions?unanswered=1']);
    expect((await inbox(otherTeacher)).some((n) => n.title === CONVERSATION_MESSAGES.repliedNoticeTitle)).toBe(false);

    expect((await reply(submissionId, { text: 'It groups one question: keep a legend.' }, teacher.token)).status).toBe(201);
    expect(await marker(submissionId)).toBe(false);
    expect((await inbox(student)).map((n) => [n.title, n.body, n.link])).toContainEqual([CONVERSATION_MESSAGES.repliedNoticeTitle, 'Tess Teacher replied on Task "Forms"', `/dashboard/student/grades?conversation=${submissionId}`]);
    expect((await reply(submissionId, { text: 'Done, thanks!' })).status).toBe(201);
    const replies = await thread(submissionId, student.token);
    expect(replies.map((r) => [r.authorName, r.authorRole, r.text])).toEqual([
      ['Ada Student', 'student', 'Why is the fieldset wrong?'],
      ['Tess Teacher', 'teacher', 'It groups one question: keep a legend.'],
      ['Ada Student', 'student', 'Done, thanks!'],
    ]);
    expect(await marker(submissionId)).toBe(true);
    // The admin reads the thread too.
    expect(await thread(submissionId, admin())).toEqual(replies);
  });
});

describe('the Submissions filtered to unanswered replies', () => {
  it('pages only the submissions awaiting the teacher, keyset page by page, and counts only them; a bad filter is a 400', async () => {
    // One submission nobody replied on, one awaiting the teacher.
    await submitted(await enrolledStudent('Nia Noreply'));
    const una = await enrolledStudent('Una Unanswered');
    const submissionId = await submitted(una);
    expect((await reply(submissionId, { text: 'Is the layout right?' }, una.token)).status).toBe(201);
    const every = bodyOf(await h.call('GET', '/teacher/submissions?limit=200', { token: teacher.token, minPosition: await h.head() }), teacherSubmissionsResponseSchema);
    const awaiting = every.items.filter((s) => s.awaitingReply).map((s) => s.id);
    expect(awaiting).toContain(submissionId);
    expect(awaiting.length).toBeLessThan(every.items.length);
    const filtered = await allPages('tab=pending&awaitingReply=true', 1);
    expect(filtered.ids).toEqual(awaiting);
    expect(filtered.counts.pending).toBe(awaiting.length);
    expect((await allPages('tab=pending&awaitingReply=false', 200)).ids).toEqual(every.items.map((s) => s.id));
    // Answered: off the filtered list.
    expect((await reply(submissionId, { text: 'Yes.' }, teacher.token)).status).toBe(201);
    expect((await allPages('tab=pending&awaitingReply=true', 1)).ids).not.toContain(submissionId);
    const bad = await h.call('GET', '/teacher/submissions?awaitingReply=maybe', { token: teacher.token });
    expect([bad.status, Object.keys(bodyOf(bad, apiErrorSchema).fields ?? {})]).toEqual([400, ['awaitingReply']]);
  });
});

describe('bad and hostile input', () => {
  it('refuses a missing, blank, unstorable or oversized reply on its field and writes nothing; markup is text like any other', async () => {
    const submissionId = othersSubmission;
    const before = await replyEvents();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { text: [CONVERSATION_MESSAGES.textRequired] }],
      [{ text: '   ' }, { text: [CONVERSATION_MESSAGES.textRequired] }],
      [{ text: 42 }, { text: [CONVERSATION_MESSAGES.textRequired] }],
      [{ text: 'ok\u0000' }, { text: [UNSTORABLE_TEXT_MESSAGE] }],
      [{ text: 'ok \u001b[31m' }, { text: [UNSTORABLE_TEXT_MESSAGE] }],
      [{ text: 'half \ud800 pair' }, { text: [UNSTORABLE_TEXT_MESSAGE] }],
      [{ text: 'x'.repeat(4001) }, { text: [CONVERSATION_MESSAGES.tooLong] }],
    ];
    for (const [body, fields] of cases) {
      const res = await reply(submissionId, body, teacher.token);
      expect([res.status, bodyOf(res, apiErrorSchema).fields]).toEqual([400, expect.objectContaining(fields)]);
    }
    expect(await replyEvents()).toBe(before);
    const markup = '<img src=x onerror=alert(1)> =HYPERLINK("x")\nline two';
    expect((await reply(submissionId, { text: markup }, teacher.token)).status).toBe(201);
    expect((await thread(submissionId)).at(-1)?.text).toBe(markup);
  });
});

describe('erasure', () => {
  it('a deleted student’s thread leaves the read model, and its text the log (their key is shredded)', async () => {
    const gone = await h.account('student', 'Gus Gone');
    await enrollActive(gone);
    const submissionId = await submitted(gone);
    expect((await reply(submissionId, { text: 'My private question' }, gone.token)).status).toBe(201);
    expect((await reply(submissionId, { text: 'My answer about your work' }, teacher.token)).status).toBe(201);
    expect((await h.call('DELETE', `/users/${gone.userId}`, { token: admin() })).status).toBe(200);
    await h.call('GET', '/teacher/submissions', { token: teacher.token, minPosition: await h.head() });
    expect((await h.pool.query('SELECT count(*)::int AS n FROM grading.replies WHERE submission_id = $1', [submissionId])).rows[0].n).toBe(0);
    const events = await h.store.readStream(`conversation-${submissionId}`);
    expect(events.map((e) => [e.type, e.personal ?? null])).toEqual([
      ['SubmissionReplied', null],
      ['SubmissionReplied', null],
    ]);
    // The teacher's notice about the reply no longer names the student.
    expect((await inbox(teacher)).map((n) => n.body)).toContain('An erased student replied on Task "Forms"');
  });
});
