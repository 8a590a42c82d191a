// Extensions and deadline rules (issue 30 §4) over real HTTP, Postgres and Redis (modules-harness.ts):
// every new route × every role and a teacher of another subject; a closed item refuses submit and
// resubmit (409) until the student's extension; late is judged against the extension, and judged again
// in the read models when one is granted or revoked after a submission (ADR 0041); the lessons, My
// Grades and the Submissions show it; bad and hostile input writes nothing.
import {
  apiErrorSchema,
  EXTENSION_MESSAGES,
  itemExtensionsResponseSchema,
  lessonsResponseSchema,
  myGradesResponseSchema,
  notificationsResponseSchema,
  type Program,
  type Subject,
  subjectResponseSchema,
  submissionResponseSchema,
  teacherSubmissionsResponseSchema,
  UNSTORABLE_TEXT_MESSAGE,
  weekResponseSchema,
} from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { gradingInAppTemplates } from '@academy/grading';
import { type Account, type Answer, type Harness, startHarness } from './modules-harness.js';
import { type GradingCohort, gradingCohort } from './grading-cohort.js';
import { type MatrixRow, matrixAnswers, roleCallers } from './authorization-matrix.js';

let h: Harness;
let student: Account;
let outsider: Account;
let teacher: Account;
let otherTeacher: Account;
let studentAdmin: Account;
let auditor: Account;
let program: Program;
let subject: Subject;
let enrollActive: GradingCohort['enrollActive'];

const PAST = '2020-01-01T00:00:00.000Z';
const FUTURE = '2099-01-01T00:00:00.000Z';
const admin = () => h.admin.token;
const errorOf = (answer: Answer) => bodyOf(answer, apiErrorSchema);
const extensionEvents = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.streamId.startsWith('extension-')).length;
const workEvents = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.streamId.startsWith('work-')).length;

let subjects = 0;
/**
 * A task due at `dueAt` under `latePolicy`, in week 1 of a new subject of the program taught by `teacher`
 * (the lessons show week 1 of every subject of the student's program); answers the task's id.
 */
async function taskDue(dueAt: string | null, latePolicy?: 'accept' | 'closed'): Promise<string> {
  subjects += 1;
  const own = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: `Subject ${subjects}`, programId: program.id } }), subjectResponseSchema).subject;
  await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: own.id } });
  const { week } = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: own.id, weekNumber: 1, title: `Week of ${own.name}` } }), weekResponseSchema);
  const added = bodyOf(await h.call('POST', `/weeks/${week.id}/tasks`, { token: teacher.token, body: { dayNumber: 1, title: `Task of ${own.name}`, dueAt, latePolicy } }), weekResponseSchema).week;
  expect(added.tasks[0].latePolicy).toBe(latePolicy ?? 'accept');
  expect((await h.call('PUT', `/weeks/${week.id}/published`, { token: teacher.token, body: { published: true } })).status).toBe(200);
  return added.tasks[0].id;
}
const submit = (itemId: string, s = student) => h.call('POST', '/student/submissions', { token: s.token, body: { kind: 'task', itemId, githubUrl: 'https://github.com/ada/work' } });
const grant = (itemId: string, body: unknown, token = teacher.token, studentId = student.userId) => h.call('PUT', `/items/${itemId}/extensions/${studentId}`, { token, body });
const pick = (s: { late: boolean; extended: boolean; dueAt: string | null } | undefined) => s && { late: s.late, extended: s.extended, dueAt: s.dueAt };
const lessonItem = async (itemId: string) =>
  bodyOf(await h.call('GET', '/student/lessons', { token: student.token, minPosition: await h.head() }), lessonsResponseSchema)
    .weeks.flatMap((w) => w.tasks)
    .find((t) => t.id === itemId)!;

beforeAll(async () => {
  h = await startHarness('extensions', { inAppTemplates: gradingInAppTemplates });
  student = await h.account('student', 'Ada Student');
  outsider = await h.account('student', 'Olu Outsider');
  ({ teacher, otherTeacher, studentAdmin, auditor, program, subject, enrollActive } = await gradingCohort(h));
  await enrollActive(student);
}, 90_000);
afterAll(async () => h?.stop());

describe('authorization', () => {
  it('answers every extension route as expected for each role, and a teacher of another subject gets 403 (404 for an unknown item)', async () => {
    const itemId = await taskDue(PAST, 'closed');
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const valid = { dueAt: FUTURE, reason: 'Medical certificate' };
    // columns: anonymous, student, teacher of the subject, admin, student admin, auditor, teacher of another subject
    const matrix: MatrixRow[] = [
      ['GET', `/items/${itemId}/extensions`, undefined, 401, 403, 200, 200, 403, 403, 403],
      ['GET', `/items/${nobody}/extensions`, undefined, 401, 403, 404, 404, 403, 403, 404],
      ['PUT', `/items/${itemId}/extensions/${student.userId}`, valid, 401, 403, 200, 403, 403, 403, 403],
      ['PUT', `/items/${nobody}/extensions/${student.userId}`, valid, 401, 403, 404, 403, 403, 403, 404],
      // Granted above: the first revoke succeeds, the others find none (404) or are refused first.
      ['DELETE', `/items/${itemId}/extensions/${student.userId}`, undefined, 401, 403, 200, 403, 403, 403, 403],
      ['DELETE', `/items/${itemId}/extensions/${student.userId}`, undefined, 401, 403, 404, 403, 403, 403, 403],
    ];
    const { got, want } = await matrixAnswers(h, matrix, roleCallers(token, { 'other teacher': otherTeacher }));
    expect(got).toEqual(want);
    const refused = await grant(itemId, valid, otherTeacher.token);
    expect(errorOf(refused).message).toBe('You are not assigned to this subject.');
  });
});

describe('closed items and extensions', () => {
  it('a closed item refuses after its due date (409); an extension turns the submission on time, shown to the student and the teacher', async () => {
    const itemId = await taskDue(PAST, 'closed');
    const before = await workEvents();
    const refused = await submit(itemId);
    expect([refused.status, errorOf(refused).message]).toEqual([409, EXTENSION_MESSAGES.closedAfterDue]);
    expect(await workEvents()).toBe(before);
    expect(await lessonItem(itemId)).toMatchObject({ dueAt: PAST, latePolicy: 'closed', extendedDueAt: null, submission: null });

    const granted = bodyOf(await grant(itemId, { dueAt: '2099-01-01T02:00:00+02:00', reason: 'Medical certificate' }), itemExtensionsResponseSchema);
    expect(granted.message).toBe(EXTENSION_MESSAGES.granted);
    expect(granted.students.find((s) => s.studentId === student.userId)?.extension).toMatchObject({ dueAt: FUTURE, reason: 'Medical certificate', grantedBy: teacher.userId, grantedByName: 'Tess Teacher' });
    expect((await lessonItem(itemId)).extendedDueAt).toBe(FUTURE);

    const { submission } = bodyOf(await submit(itemId), submissionResponseSchema);
    expect(submission).toMatchObject({ late: false, extended: true, dueAt: FUTURE });
    const pending = bodyOf(await h.call('GET', "/teacher/submissions?limit=200", { token: teacher.token }), teacherSubmissionsResponseSchema);
    expect(pending.items.find((s) => s.id === submission.id)).toMatchObject({ extended: true, dueAt: FUTURE, late: false });
  });

  it('a resubmission of a closed item is refused once the extension is revoked; an accepting item takes it and flags it late', async () => {
    const itemId = await taskDue(PAST, 'closed');
    expect((await grant(itemId, { dueAt: FUTURE, reason: 'Family emergency' })).status).toBe(200);
    const first = bodyOf(await submit(itemId), submissionResponseSchema).submission;
    expect((await h.call('POST', `/submissions/${first.id}/grade`, { token: teacher.token, body: { status: 'needs_revision', score: 40 } })).status).toBe(200);
    const revoked = await h.call('DELETE', `/items/${itemId}/extensions/${student.userId}`, { token: teacher.token });
    expect(bodyOf(revoked, itemExtensionsResponseSchema).students.find((s) => s.studentId === student.userId)?.extension).toBeNull();
    expect((await lessonItem(itemId)).extendedDueAt).toBeNull();
    const again = await submit(itemId);
    expect([again.status, errorOf(again).message]).toEqual([409, EXTENSION_MESSAGES.closedAfterDue]);

    const accepting = await taskDue(PAST);
    expect(bodyOf(await submit(accepting), submissionResponseSchema).submission).toMatchObject({ late: true, extended: false, dueAt: PAST });
  });

  it('an extension granted after a late submission shows it on time to the student and the teacher; revoked, late again; the log keeps what it was judged against', async () => {
    const itemId = await taskDue(PAST);
    const { submission } = bodyOf(await submit(itemId), submissionResponseSchema);
    expect(submission).toMatchObject({ late: true, extended: false, dueAt: PAST });
    const seen = async () => {
      const minPosition = await h.head();
      const teacherRow = bodyOf(await h.call('GET', '/teacher/submissions?limit=200', { token: teacher.token, minPosition }), teacherSubmissionsResponseSchema).items.find((s) => s.id === submission.id);
      const mine = bodyOf(await h.call('GET', '/student/grades', { token: student.token, minPosition }), myGradesResponseSchema).submissions.find((s) => s.id === submission.id);
      const lesson = (await lessonItem(itemId)).submission;
      // The CSV's late and extended_to cells (in the academy's zone), after the submitted time.
      const csv = String((await h.call('GET', `/subjects/${teacherRow!.subjectId}/grades.csv`, { token: teacher.token, minPosition })).body).trim().split('\r\n')[1];
      return { teacher: pick(teacherRow), student: pick(mine), lessonLate: lesson?.late, csv: /\+0\d:00",("yes"|"no"),("[^"]*")?,"https:/.exec(csv)?.slice(1, 3) };
    };

    expect((await grant(itemId, { dueAt: FUTURE, reason: 'Medical certificate' })).status).toBe(200);
    // The student is told in the bell, naming the item (the reason stays out of the notice).
    const inbox = bodyOf(await h.call('GET', '/notifications', { token: student.token, minPosition: await h.head() }), notificationsResponseSchema).notifications;
    const told = inbox.filter((n) => n.title === EXTENSION_MESSAGES.grantedNoticeTitle && n.body.includes(`"Task of Subject ${subjects}"`));
    expect(told.map((n) => [n.body, n.link])).toEqual([[`Task "Task of Subject ${subjects}": you have more time. See the new due date in your lessons.`, '/dashboard/student/lessons']]);
    expect(await seen()).toEqual({ teacher: { late: false, extended: true, dueAt: FUTURE }, student: { late: false, extended: true, dueAt: FUTURE }, lessonLate: false, csv: ['"no"', '"2099-01-01 02:00:00 +02:00"'] });

    expect((await h.call('DELETE', `/items/${itemId}/extensions/${student.userId}`, { token: teacher.token })).status).toBe(200);
    expect(await seen()).toEqual({ teacher: { late: true, extended: false, dueAt: PAST }, student: { late: true, extended: false, dueAt: PAST }, lessonLate: true, csv: ['"yes"', undefined] });

    const [submitted] = await h.store.readStream(`work-${student.userId}-${itemId}`);
    expect(submitted?.data).toMatchObject({ late: true, dueAt: PAST, extended: false });
  });

  it('an extension not later than the due date, of an item without one, for a student not enrolled: refused, nothing written', async () => {
    const itemId = await taskDue(PAST, 'closed');
    const undated = await taskDue(null);
    const before = await extensionEvents();
    const early = await grant(itemId, { dueAt: '2019-12-31T00:00:00.000Z', reason: 'x' });
    expect([early.status, errorOf(early).fields]).toEqual([400, { dueAt: [EXTENSION_MESSAGES.notLater] }]);
    const none = await grant(undated, { dueAt: FUTURE, reason: 'x' });
    expect([none.status, errorOf(none).message]).toEqual([409, EXTENSION_MESSAGES.noDueDate]);
    const stranger = await grant(itemId, { dueAt: FUTURE, reason: 'x' }, teacher.token, outsider.userId);
    expect([stranger.status, errorOf(stranger).message]).toEqual([404, EXTENSION_MESSAGES.notEnrolled]);
    expect(await extensionEvents()).toBe(before);
  });
});

describe('bad and hostile input', () => {
  it('refuses a missing or unstorable reason and a malformed date on their fields, and a late policy that is not one; nothing written', async () => {
    const itemId = await taskDue(PAST, 'closed');
    const before = await extensionEvents();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ dueAt: FUTURE, reason: '   ' }, { reason: [EXTENSION_MESSAGES.reasonRequired] }],
      [{ dueAt: FUTURE }, { reason: [EXTENSION_MESSAGES.reasonRequired] }],
      [{ dueAt: FUTURE, reason: 'ill\u0000' }, { reason: [UNSTORABLE_TEXT_MESSAGE] }],
      [{ dueAt: FUTURE, reason: 'ill \u001b[31m' }, { reason: [UNSTORABLE_TEXT_MESSAGE] }],
      [{ dueAt: FUTURE, reason: 'half \ud800 pair' }, { reason: [UNSTORABLE_TEXT_MESSAGE] }],
      [{ dueAt: FUTURE, reason: 'x'.repeat(1001) }, { reason: ['Reason must be at most 1000 characters'] }],
      [{ dueAt: 'next week', reason: 'ill' }, { dueAt: [EXTENSION_MESSAGES.dueAtRequired] }],
    ];
    for (const [body, fields] of cases) {
      const res = await grant(itemId, body);
      expect([res.status, errorOf(res).fields]).toEqual([400, expect.objectContaining(fields)]);
    }
    expect(await extensionEvents()).toBe(before);
    // Markup and a formula are text like any other: stored as typed, shown as text.
    const markup = '<img src=x onerror=alert(1)> =HYPERLINK("x")';
    const ok = bodyOf(await grant(itemId, { dueAt: FUTURE, reason: markup }), itemExtensionsResponseSchema);
    expect(ok.students.find((s) => s.studentId === student.userId)?.extension?.reason).toBe(markup);

    const { week } = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 2, title: 'Week 2' } }), weekResponseSchema);
    const bad = await h.call('POST', `/weeks/${week.id}/tasks`, { token: teacher.token, body: { dayNumber: 1, title: 'T', latePolicy: 'sometimes' } });
    expect([bad.status, errorOf(bad).fields]).toEqual([400, { latePolicy: ['Choose whether late submissions are accepted'] }]);
  });
});

describe('erasure', () => {
  it('a deleted student’s extensions go from the lists, and the reason from the log (the student’s key is shredded)', async () => {
    const gone = await h.account('student', 'Gus Gone');
    await enrollActive(gone);
    const itemId = await taskDue(PAST, 'closed');
    expect((await grant(itemId, { dueAt: FUTURE, reason: 'Hospital stay' }, teacher.token, gone.userId)).status).toBe(200);
    expect((await h.call('DELETE', `/users/${gone.userId}`, { token: admin() })).status).toBe(200);
    const list = bodyOf(await h.call('GET', `/items/${itemId}/extensions`, { token: teacher.token, minPosition: await h.head() }), itemExtensionsResponseSchema);
    expect(list.students.map((s) => s.studentId)).not.toContain(gone.userId);
    // No row of theirs in either read model (the reason was in grading's).
    for (const schema of ['grading', 'learning']) {
      expect((await h.pool.query(`SELECT count(*)::int AS n FROM ${schema}.extensions WHERE student_id = $1`, [gone.userId])).rows[0].n).toBe(0);
    }
    const [granted] = await h.store.readStream(`extension-${gone.userId}-${itemId}`);
    expect(granted?.type).toBe('ExtensionGranted');
    expect(granted?.personal ?? null).toBeNull();
  });
});
