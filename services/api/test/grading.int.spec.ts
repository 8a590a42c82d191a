// The grading context over real HTTP, Postgres and Redis (see modules-harness.ts): submissions,
// grades, history, My Grades, progress, dashboards, export; the CapstonePassed loop through the
// enrollment reactor; every endpoint × every role; bad inputs write nothing; concurrency.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  apiErrorSchema,
  enrollmentResponseSchema,
  GRADE_CSV_COLUMNS,
  gradeHistoryResponseSchema,
  GRADING_EVENTS,
  GRADING_MESSAGES,
  lessonsResponseSchema,
  myGradesResponseSchema,
  notificationsResponseSchema,
  type Program,
  programResponseSchema,
  progressResponseSchema,
  studentDashboardResponseSchema,
  type Subject,
  type TeacherSubmissionsResponse as TeacherSubmissions,
  type Submission,
  subjectResponseSchema,
  submissionDetailResponseSchema,
  submissionResponseSchema,
  teacherDashboardResponseSchema,
  teacherSubmissionsResponseSchema,
  weekResponseSchema,
  type WorkSubmittedData,
} from '@academy/contracts';
import type { MailTemplateContext } from '@academy/backend';
import { bodyOf } from '@academy/testing';
import { liveCells, spreadsheetRows } from '@academy/contracts/testing';
import { gradingInAppTemplates, gradingMailTemplates } from '@academy/grading';
import { EntityManager } from '@mikro-orm/postgresql';
import { recipientDirectory } from '@academy/notifications';
import { type Account, type Answer, type Harness, ROLES, startHarness } from './modules-harness.js';

let h: Harness;
let student: Account;
let otherStudent: Account;
let teacher: Account;
let otherTeacher: Account;
let studentAdmin: Account;
let auditor: Account;
let program: Program;
let subject: Subject;
let otherSubject: Subject;
let week1: Awaited<ReturnType<typeof setupWeek>>;
let enrollmentId: string;

const admin = () => h.admin.token;
const workEvents = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.streamId.startsWith('work-')).length;
const url = (name: string) => `https://github.com/ada/${name}`;

async function setupWeek(t: Account, subjectId: string, weekNumber: number, o: { publish?: boolean; capstoneDue?: string | null } = {}) {
  const { week } = bodyOf(await h.call('POST', '/weeks', { token: t.token, body: { subjectId, weekNumber, title: `Week ${weekNumber}` } }), weekResponseSchema);
  for (let day = 1; day <= 5; day++) await h.call('POST', `/weeks/${week.id}/tasks`, { token: t.token, body: { dayNumber: day, title: `Task ${day}` } });
  await h.call('PUT', `/weeks/${week.id}/capstone`, { token: t.token, body: { title: `Capstone ${weekNumber}`, dueAt: o.capstoneDue ?? null } });
  if (o.publish !== false) await h.call('PUT', `/weeks/${week.id}/published`, { token: t.token, body: { published: true } });
  const done = bodyOf(await h.call('GET', `/weeks/${week.id}`, { token: t.token }), weekResponseSchema).week;
  if (!done.capstone) throw new Error(`week ${weekNumber} has no capstone`);
  return { ...done, capstone: done.capstone };
}
async function enrollActive(s: Account, programId: string, subjectId: string): Promise<string> {
  const e = bodyOf(await h.call('POST', '/enrollments', { token: admin(), body: { studentId: s.userId, programId, subjectId } }), enrollmentResponseSchema).enrollment;
  expect((await h.call('PUT', `/enrollments/${e.id}/status`, { token: admin(), body: { status: 'active' } })).status).toBe(200);
  return e.id;
}
const submissionOf = async (answer: Promise<Answer>) => bodyOf(await answer, submissionResponseSchema).submission;
const errorOf = (answer: Answer) => bodyOf(answer, apiErrorSchema);
const submit = (s: Account, kind: 'task' | 'capstone', itemId: string, githubUrl = url('work'), notes?: string) =>
  h.call('POST', '/student/submissions', { token: s.token, body: { kind, itemId, githubUrl, notes } });
const grade = (t: Account, id: string, body: Record<string, unknown>) => h.call('POST', `/submissions/${id}/grade`, { token: t.token, body });
const weekAdvances = async (id: string) => (await h.store.readStream(`enrollment-${id}`)).filter((e) => e.type === 'EnrollmentWeekAdvanced');
const currentWeek = async (id: string) => bodyOf(await h.call('GET', `/enrollments/${id}`, { token: admin(), minPosition: await h.head() }), enrollmentResponseSchema).enrollment.currentWeek;

beforeAll(async () => {
  h = await startHarness('grading', { inAppTemplates: gradingInAppTemplates });
  student = await h.account('student', 'Ada Student');
  otherStudent = await h.account('student', 'Bob Student');
  teacher = await h.account('teacher', 'Tess Teacher');
  otherTeacher = await h.account('teacher', 'Otto Other');
  studentAdmin = await h.account('student_admin');
  auditor = await h.account('auditor');
  program = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Web Development', type: 'evening' } }), programResponseSchema).program;
  subject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'HTML & CSS', programId: program.id } }), subjectResponseSchema).subject;
  otherSubject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'JavaScript', programId: program.id } }), subjectResponseSchema).subject;
  await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: subject.id } });
  await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: otherTeacher.userId, subjectId: otherSubject.id } });
  enrollmentId = await enrollActive(student, program.id, subject.id);
  await enrollActive(otherStudent, program.id, subject.id);
  week1 = await setupWeek(teacher, subject.id, 1, { capstoneDue: '2020-01-01T00:00:00.000Z' });
}, 90_000);
afterAll(async () => h?.stop());

describe('authorization', () => {
  it('answers every grading endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const mine = await submissionOf(submit(student, 'task', week1.tasks[4].id));
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    // columns: anonymous, student (the submission's own), teacher (assigned to its subject), admin, student admin
    const matrix: [string, string, unknown, number, number, number, number, number, number][] = [
      ['POST', '/student/submissions', {}, 401, 400, 403, 403, 403, 403],
      ['GET', '/teacher/submissions', undefined, 401, 403, 200, 200, 403, 403],
      ['GET', `/teacher/submissions?subjectId=${otherSubject.id}`, undefined, 401, 403, 403, 200, 403, 403],
      ['GET', `/submissions/${mine.id}`, undefined, 401, 200, 200, 200, 403, 403],
      ['GET', `/submissions/${nobody}`, undefined, 401, 404, 404, 404, 403, 403],
      ['GET', `/submissions/${mine.id}/history`, undefined, 401, 403, 200, 200, 403, 403],
      ['POST', `/submissions/${mine.id}/grade`, {}, 401, 403, 400, 403, 403, 403],
      ['POST', `/submissions/${nobody}/grade`, { status: 'passed' }, 401, 403, 404, 403, 403, 403],
      ['GET', '/student/grades', undefined, 401, 200, 403, 403, 403, 403],
      ['GET', '/student/progress', undefined, 401, 200, 403, 403, 403, 403],
      ['GET', '/student/dashboard', undefined, 401, 200, 403, 403, 403, 403],
      ['GET', '/teacher/dashboard', undefined, 401, 403, 200, 403, 403, 403],
      ['GET', `/subjects/${subject.id}/grades.csv`, undefined, 401, 403, 200, 200, 403, 403],
      ['GET', `/subjects/${otherSubject.id}/grades.csv`, undefined, 401, 403, 403, 200, 403, 403],
    ];
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, path, body, ...expected] of matrix) {
      for (const [i, role] of ROLES.entries()) {
        const res = await h.call(method, path, { body, token: token[role] });
        got.push(`${method} ${path} ${role} → ${res.status}`);
        want.push(`${method} ${path} ${role} → ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('refuses a teacher grading a subject not assigned to them and a student reading another\'s submission; nothing written', async () => {
    const mine = await submissionOf(submit(student, 'task', week1.tasks[3].id));
    const before = await workEvents();
    const refused = await grade(otherTeacher, mine.id, { status: 'passed', score: 100 });
    expect([refused.status, errorOf(refused).message]).toEqual([403, GRADING_MESSAGES.notYourSubject]);
    const peek = await h.call('GET', `/submissions/${mine.id}`, { token: otherStudent.token });
    expect([peek.status, errorOf(peek).message]).toEqual([404, GRADING_MESSAGES.submissionNotFound]);
    expect((await h.call('GET', `/submissions/${mine.id}`, { token: otherTeacher.token })).status).toBe(403);
    expect(bodyOf(await h.call('GET', '/teacher/submissions?limit=200', { token: otherTeacher.token }), teacherSubmissionsResponseSchema).items.map((s) => s.id)).not.toContain(mine.id);
    expect(bodyOf(await h.call('GET', '/student/grades', { token: otherStudent.token }), myGradesResponseSchema).submissions.map((s) => s.id)).not.toContain(mine.id);
    expect(await workEvents()).toBe(before);
  });
});

describe('submitting', () => {
  it('submits once, keeps notes, flags late; a draft week\'s item and bad inputs are refused with nothing written', async () => {
    const s = await h.account('student', 'Cy Student');
    await enrollActive(s, program.id, subject.id);
    const draft = await setupWeek(teacher, subject.id, 2, { publish: false });
    const before = await workEvents();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ kind: 'task', itemId: week1.tasks[0].id, githubUrl: 'https://gitlab.com/ada/x' }, { githubUrl: [GRADING_MESSAGES.githubUrl] }],
      [{ kind: 'task', itemId: week1.tasks[0].id, githubUrl: '' }, { githubUrl: [GRADING_MESSAGES.githubUrlRequired] }],
      [{ kind: 'homework', itemId: 'x', githubUrl: url('a') }, { kind: ['Choose task or capstone'], itemId: ['Choose a task or capstone'] }],
    ];
    for (const [body, fields] of cases) {
      const res = await h.call('POST', '/student/submissions', { token: s.token, body });
      expect([res.status, errorOf(res).fields]).toEqual([400, fields]);
    }
    const notPublished = await submit(s, 'task', draft.tasks[0].id);
    expect([notPublished.status, errorOf(notPublished).message]).toEqual([409, GRADING_MESSAGES.notPublished]);
    const unknown = await submit(s, 'task', '00000000-0000-4000-8000-00000000abcd');
    expect(unknown.status).toBe(404);
    const wrongKind = await submit(s, 'capstone', week1.tasks[0].id);
    expect(wrongKind.status).toBe(404);
    const notEnrolled = await submit(await h.account('student'), 'task', week1.tasks[0].id);
    expect([notEnrolled.status, errorOf(notEnrolled).message]).toEqual([403, GRADING_MESSAGES.notEnrolled]);
    expect(await workEvents()).toBe(before);

    const ok = await submit(s, 'task', week1.tasks[0].id, url('day-1'), 'It was fun');
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      message: GRADING_MESSAGES.submitted,
      submission: { kind: 'task', itemId: week1.tasks[0].id, title: 'Task 1', dayNumber: 1, weekNumber: 1, subjectName: 'HTML & CSS', studentName: 'Cy Student', githubUrl: url('day-1'), notes: 'It was fun', late: false, attempt: 1, latest: true, grade: null },
    });
    // Read-your-writes: the lessons show it at once.
    const lessons = bodyOf(await h.call('GET', '/student/lessons', { token: s.token }), lessonsResponseSchema).weeks[0];
    expect(lessons.tasks[0].submission).toMatchObject({ submissionId: bodyOf(ok, submissionResponseSchema).submission.id, githubUrl: url('day-1'), gradeStatus: null, canResubmit: false });
    const again = await submit(s, 'task', week1.tasks[0].id);
    expect([again.status, errorOf(again).message]).toEqual([409, GRADING_MESSAGES.alreadySubmitted]);
    const late = await submit(s, 'capstone', week1.capstone.id);
    expect(bodyOf(late, submissionResponseSchema).submission).toMatchObject({ kind: 'capstone', late: true, dayNumber: null, dueAt: '2020-01-01T00:00:00.000Z' });
  });
});

describe('grading', () => {
  it('grades, regrades, keeps history from the events; resubmission after needs_revision; My Grades, progress, dashboards, CSV', async () => {
    const s = await h.account('student', 'Di Student');
    const enrollment = await enrollActive(s, program.id, subject.id);
    const task = await submissionOf(submit(s, 'task', week1.tasks[1].id, url('day-2')));

    const pendingTab = bodyOf(await h.call('GET', `/teacher/submissions?subjectId=${subject.id}`, { token: teacher.token }), teacherSubmissionsResponseSchema);
    expect(pendingTab.tab).toBe('pending');
    expect(pendingTab.items.map((x) => x.id)).toContain(task.id);

    const first = await grade(teacher, task.id, { status: 'needs_revision', score: 55.5, feedback: 'Add tests', expectedVersion: task.version });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: GRADING_MESSAGES.gradeSubmitted, submission: { grade: { score: 55.5, status: 'needs_revision', feedback: 'Add tests', teacherName: 'Tess Teacher' } } });
    const lessons = bodyOf(await h.call('GET', '/student/lessons', { token: s.token }), lessonsResponseSchema).weeks[0].tasks[1].submission;
    expect(lessons).toMatchObject({ gradeStatus: 'needs_revision', score: 55.5, feedback: 'Add tests', canResubmit: true });

    // Two teachers' dialogs read the same version: the second answer is a clear 409, nothing lost.
    const seen = bodyOf(first, submissionResponseSchema).submission.version;
    const a = await grade(teacher, task.id, { status: 'failed', score: 40, feedback: 'one', expectedVersion: seen });
    const b = await grade(teacher, task.id, { status: 'passed', score: 90, feedback: 'two', expectedVersion: seen });
    expect([a.status, b.status, errorOf(b).message]).toEqual([200, 409, GRADING_MESSAGES.gradeChangedMeanwhile]);
    await grade(teacher, task.id, { status: 'needs_revision', score: 50, feedback: 'Still no tests' });

    const retry = await submit(s, 'task', week1.tasks[1].id, url('day-2-v2'), 'Added tests');
    expect(retry.status).toBe(201);
    const retried = bodyOf(retry, submissionResponseSchema).submission;
    expect(retried).toMatchObject({ attempt: 2, latest: true, grade: null });
    const stale = await grade(teacher, task.id, { status: 'passed' });
    expect([stale.status, errorOf(stale).message]).toEqual([409, GRADING_MESSAGES.notLatestAttempt]);
    const detail = bodyOf(await h.call('GET', `/submissions/${retried.id}`, { token: s.token }), submissionDetailResponseSchema);
    expect(detail.attempts.map((x) => [x.attempt, x.latest, x.grade?.status ?? null])).toEqual([
      [1, false, 'needs_revision'],
      [2, true, null],
    ]);
    await grade(teacher, retried.id, { status: 'passed', score: 92.25, feedback: 'Great' });

    const history = bodyOf(await h.call('GET', `/submissions/${task.id}/history`, { token: teacher.token }), gradeHistoryResponseSchema).changes;
    expect(history.map((c) => [c.attempt, c.teacherName, c.from && [c.from.status, c.from.score, c.from.feedback], [c.to.status, c.to.score, c.to.feedback]])).toEqual([
      [1, 'Tess Teacher', null, ['needs_revision', 55.5, 'Add tests']],
      [1, 'Tess Teacher', ['needs_revision', 55.5, 'Add tests'], ['failed', 40, 'one']],
      [1, 'Tess Teacher', ['failed', 40, 'one'], ['needs_revision', 50, 'Still no tests']],
      [2, 'Tess Teacher', null, ['passed', 92.25, 'Great']],
    ]);

    const cap = await submissionOf(submit(s, 'capstone', week1.capstone.id, url('capstone')));
    const t3 = await submissionOf(submit(s, 'task', week1.tasks[2].id, url('day-3')));
    await grade(teacher, t3.id, { status: 'failed', score: 30 });
    await grade(teacher, cap.id, { status: 'pending' });

    const tab = async (name: string) => bodyOf(await h.call('GET', `/teacher/submissions?subjectId=${subject.id}&tab=${name}&limit=200`, { token: teacher.token }), teacherSubmissionsResponseSchema);
    const [pendingRows, gradedRows] = [await tab('pending'), await tab('graded')];
    const mine = (list: Submission[]) => list.filter((x) => x.studentId === s.userId).map((x) => x.title).sort();
    expect(mine(pendingRows.items)).toEqual(['Capstone 1']);
    expect(mine(gradedRows.items)).toEqual(['Task 2', 'Task 3']);
    expect(gradedRows.counts).toEqual({ pending: pendingRows.items.length, graded: gradedRows.items.length });

    const grades = bodyOf(await h.call('GET', '/student/grades', { token: s.token }), myGradesResponseSchema);
    expect(grades.submissions).toHaveLength(4);
    // Latest attempts: Task 2 passed 92.25, Task 3 failed 30, Capstone pending → average 61.1, 2 graded, 50 % pass.
    expect(grades.summary).toEqual({ averageScore: 61.1, total: 3, graded: 2, passRate: 50 });

    const progress = bodyOf(await h.call('GET', '/student/progress', { token: s.token }), progressResponseSchema);
    expect(progress).toMatchObject({ currentWeek: 1, percent: 5, weeks: [{ weekNumber: 1, tasksSubmitted: 2, tasksGraded: 2, capstonesSubmitted: 1, capstonesPassed: 0, averageScore: 61.1 }] });
    // The first attempt's last grade (50), then the second attempt's, then Task 3's.
    expect(progress.trend.map((p) => p.score)).toEqual([50, 92.25, 30]);

    const dash = bodyOf(await h.call('GET', '/student/dashboard', { token: s.token }), studentDashboardResponseSchema);
    expect(dash).toEqual({ currentWeek: 1, tasksCompleted: 1, tasksTotal: 5, averageGrade: 61.1, activeCourse: { programId: program.id, programName: 'Web Development', programType: 'evening' } });
    const teacherDash = bodyOf(await h.call('GET', '/teacher/dashboard', { token: teacher.token }), teacherDashboardResponseSchema);
    expect(teacherDash).toMatchObject({ activeCourses: 1, currentWeek: 1 });
    expect(teacherDash.totalStudents).toBeGreaterThanOrEqual(3);
    expect(teacherDash.pendingGrading).toBe(pendingRows.counts.pending);

    const csv = await h.call('GET', `/subjects/${subject.id}/grades.csv`, { token: teacher.token });
    expect(csv.type).toContain('text/csv');
    const lines = bodyOf(csv, z.string()).trim().split('\r\n');
    // Every text quoted, week, attempt and score bare (libs/contracts/src/csv.ts).
    expect(lines[0]).toBe(GRADE_CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    const di = lines.filter((l) => l.startsWith(`"${s.email.toLowerCase()}",`));
    expect(di).toHaveLength(4);
    expect(di.some((l) => l.includes(',"Task 2",2,') && l.includes(',"passed",92.25,') && l.endsWith(',"Tess Teacher",'))).toBe(true);
    // Submitted and graded times in the academy's zone (ACADEMY_TIME_ZONE, default Africa/Johannesburg), with the offset.
    for (const line of di) expect(line).toMatch(/,"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+02:00","(yes|no)",/);

    expect(await currentWeek(enrollment)).toBe(1);
  });

  it('answers bad grades with 400 and field messages and appends nothing', async () => {
    const sub = await submissionOf(submit(otherStudent, 'task', week1.tasks[0].id));
    const before = await workEvents();
    const cases: [unknown, string[]][] = [
      [{}, ['status']],
      [{ status: 'great' }, ['status']],
      [{ status: 'passed', score: 100.5 }, ['score']],
      [{ status: 'passed', score: 12.345 }, ['score']],
      [{ status: 'passed', score: '90' }, ['score']],
      [{ status: 'passed', expectedVersion: -3 }, ['expectedVersion']],
    ];
    for (const [body, fields] of cases) {
      const res = await grade(teacher, sub.id, body as Record<string, unknown>);
      expect([res.status, Object.keys(errorOf(res).fields ?? {})]).toEqual([400, fields]);
    }
    expect(await workEvents()).toBe(before);
  });
});

describe('teacher Submissions pages', () => {
  const MALFORMED = { after: ['The page cursor is malformed'] };
  /** Every page of one tab, following nextCursor; each page checked against the page size and the counts of the first. */
  async function walk(token: string, tab: 'pending' | 'graded', limit: number, subjectId?: string) {
    const rows: Submission[] = [];
    let counts: TeacherSubmissions['counts'] | undefined;
    let after: string | null = null;
    do {
      const query = new URLSearchParams({ tab, limit: String(limit), ...(subjectId ? { subjectId } : {}), ...(after ? { after } : {}) });
      const res = await h.call('GET', `/teacher/submissions?${query}`, { token, minPosition: await h.head() });
      expect(res.status).toBe(200);
      const page = bodyOf(res, teacherSubmissionsResponseSchema);
      expect(page.tab).toBe(tab);
      counts ??= page.counts;
      expect(page.counts).toEqual(counts);
      // A page is full unless it is the last; the last says so with a null cursor.
      if (page.nextCursor !== null) expect(page.items).toHaveLength(limit);
      else expect(page.items.length).toBeLessThanOrEqual(limit);
      rows.push(...page.items);
      after = page.nextCursor;
    } while (after);
    return { rows, ids: rows.map((r) => r.id), counts };
  }
  /** The read model's own order of the tab, the oracle. */
  async function expected(subjectId: string, tab: 'pending' | 'graded'): Promise<string[]> {
    const pending = `(status IS NULL OR status = 'pending')`;
    const { rows } = await h.pool.query<{ id: string }>(
      `SELECT id FROM grading.submissions WHERE latest AND subject_id = $1 AND ${tab === 'pending' ? pending : `NOT ${pending}`} ORDER BY submitted_at DESC, id DESC`,
      [subjectId],
    );
    return rows.map((r) => r.id);
  }
  /** A WorkSubmitted as the submit command appends it, at a chosen instant (the API's clock cannot be set). */
  async function submittedAt(s: Account, item: { id: string; kind: 'task' | 'capstone'; weekId: string; subjectId: string; programId: string }, occurredAt: string) {
    const submissionId = randomUUID();
    const data: WorkSubmittedData = { submissionId, studentId: s.userId, kind: item.kind, itemId: item.id, weekId: item.weekId, subjectId: item.subjectId, programId: item.programId, githubUrl: url('same-instant'), attempt: 1, late: false, dueAt: null };
    await h.store.append(`work-${s.userId}-${item.id}`, [{ type: GRADING_EVENTS.WorkSubmitted, data, metadata: { actorId: s.userId, actorRole: 'student', correlationId: randomUUID(), causationId: null, occurredAt } }], 0);
    return submissionId;
  }

  it('walks both tabs page by page: every row once, newest first by (submitted_at, id), counts, the last cursor null; bad cursors and sizes are 400; only the caller\'s subjects', async () => {
    const pager = await h.account('teacher', 'Paige Pager');
    const neighbour = await h.account('teacher', 'Ned Neighbour');
    const prog = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Data Science', type: 'evening' } }), programResponseSchema).program;
    const mySubject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'Statistics', programId: prog.id } }), subjectResponseSchema).subject;
    const theirSubject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'Python', programId: prog.id } }), subjectResponseSchema).subject;
    await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: pager.userId, subjectId: mySubject.id } });
    await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: neighbour.userId, subjectId: theirSubject.id } });
    const [w1, w2, theirs] = [await setupWeek(pager, mySubject.id, 1), await setupWeek(pager, mySubject.id, 2), await setupWeek(neighbour, theirSubject.id, 1)];
    const students: Account[] = [];
    for (let i = 0; i < 4; i++) {
      students.push(await h.account('student', `Pupil ${i}`));
      await enrollActive(students[i]!, prog.id, mySubject.id);
    }
    // 4 students × the 6 items of week 1 through the API; every third graded, two of them 'pending' (still pending review).
    const items = [...w1.tasks.map((t) => ['task', t.id] as const), ['capstone', w1.capstone.id] as const];
    let n = 0;
    for (const s of students) {
      for (const [kind, itemId] of items) {
        const sub = await submissionOf(submit(s, kind, itemId));
        if (n % 3 === 0) expect((await grade(pager, sub.id, { status: n % 9 === 0 ? 'pending' : 'passed', score: 80 })).status).toBe(200);
        n++;
      }
    }
    // Three at one instant with microseconds the API never gives: two equal (the id breaks the tie) and one 1 µs later.
    const at = (us: string) => `2021-03-04T05:06:07.${us}Z`;
    const w2Item = (i: number) => ({ id: w2.tasks[i].id, kind: 'task' as const, weekId: w2.id, subjectId: mySubject.id, programId: prog.id });
    const twins = [await submittedAt(students[0]!, w2Item(0), at('123456')), await submittedAt(students[1]!, w2Item(0), at('123456'))];
    const later = await submittedAt(students[2]!, w2Item(0), at('123457'));
    // Another subject's rows, which the pager must never see.
    for (const s of students.slice(0, 2)) await submit(s, 'task', theirs.tasks[0].id);

    const pendingIds = await expected(mySubject.id, 'pending');
    const gradedIds = await expected(mySubject.id, 'graded');
    // 24 through the API, 8 graded of which 3 'pending'; plus the 3 at one instant.
    expect([pendingIds.length, gradedIds.length]).toEqual([24 - 8 + 3 + 3, 8 - 3]);
    // The twins sit next to each other, the larger id first, right after the row 1 µs later.
    const tail = pendingIds.slice(-3);
    expect(tail).toEqual([later, ...[...twins].sort().reverse()]);

    for (const limit of [7, 1]) {
      for (const [tab, ids] of [['pending', pendingIds], ['graded', gradedIds]] as const) {
        const page = await walk(pager.token, tab, limit);
        expect(page.ids).toEqual(ids);
        expect(new Set(page.ids).size).toBe(ids.length);
        expect(page.counts).toEqual({ pending: pendingIds.length, graded: gradedIds.length });
        expect(page.rows.every((r) => r.subjectId === mySubject.id && r.latest)).toBe(true);
        expect(page.rows.map((r) => r.submittedAt)).toEqual(page.rows.map((r) => r.submittedAt).sort().reverse());
      }
    }
    // The subject filter gives the same; the neighbour sees only their own two, the admin both subjects.
    expect((await walk(pager.token, 'pending', 7, mySubject.id)).ids).toEqual(pendingIds);
    const theirsWalk = await walk(neighbour.token, 'pending', 1);
    expect([theirsWalk.ids.length, theirsWalk.rows.every((r) => r.subjectId === theirSubject.id), theirsWalk.counts]).toEqual([2, true, { pending: 2, graded: 0 }]);
    const adminWalk = await walk(admin(), 'pending', 200);
    expect(adminWalk.ids).toEqual(expect.arrayContaining([...pendingIds, ...theirsWalk.ids]));
    // Across many subjects (each read in its own index order, then merged), small pages walk the same rows in the same order.
    expect((await walk(admin(), 'pending', 3)).ids).toEqual(adminWalk.ids);
    const forbidden = await h.call('GET', `/teacher/submissions?subjectId=${theirSubject.id}`, { token: pager.token });
    expect([forbidden.status, errorOf(forbidden).message]).toEqual([403, GRADING_MESSAGES.notYourSubject]);

    // Malformed cursors: not base64url JSON, a bad uuid, an impossible or imprecise timestamp, too long.
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const good = cursor([at('123456'), twins[0]]);
    expect((await h.call('GET', `/teacher/submissions?after=${good}`, { token: pager.token })).status).toBe(200);
    for (const after of ['not a cursor', cursor({ at: at('123456'), id: twins[0] }), cursor([at('123456'), 'nope']), cursor(['2021-02-30T05:06:07.123456Z', twins[0]]), cursor([at('123'), twins[0]]), 'x'.repeat(201)]) {
      const res = await h.call('GET', `/teacher/submissions?after=${encodeURIComponent(after)}`, { token: pager.token });
      expect([res.status, errorOf(res).fields]).toEqual([400, MALFORMED]);
    }
    for (const limit of ['0', '201', '1.5', 'ten']) {
      const res = await h.call('GET', `/teacher/submissions?limit=${limit}`, { token: pager.token });
      expect([res.status, Object.keys(errorOf(res).fields ?? {})]).toEqual([400, ['limit']]);
    }
    const badTab = await h.call('GET', '/teacher/submissions?tab=all', { token: pager.token });
    expect([badTab.status, Object.keys(errorOf(badTab).fields ?? {})]).toEqual([400, ['tab']]);
  }, 120_000);
});

describe('the CapstonePassed loop', () => {
  it('32 concurrent grade commands (passed) on one capstone advance the week exactly once', async () => {
    const s = await h.account('student');
    const enrollment = await enrollActive(s, program.id, subject.id);
    const cap = await submissionOf(submit(s, 'capstone', week1.capstone.id, url('cap')));
    const answers = await Promise.all(Array.from({ length: 32 }, () => grade(teacher, cap.id, { status: 'passed', score: 88, feedback: 'Well done' })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    await h.reactionsSettled();
    expect((await h.store.readStream(`work-${s.userId}-${week1.capstone.id}`)).filter((e) => e.type === 'CapstonePassed')).toHaveLength(1);
    expect(await weekAdvances(enrollment)).toHaveLength(1);
    expect(await currentWeek(enrollment)).toBe(2);
    // The lessons now show week 2 (published below) of the program.
    const w2 = await setupWeek(teacher, subject.id, 3);
    expect(w2.weekNumber).toBe(3);
    expect(bodyOf(await h.call('GET', '/student/lessons', { token: s.token }), lessonsResponseSchema).enrollment?.currentWeek).toBe(2);
  });

  it('passed → failed → passed leaves the week advanced once', async () => {
    const s = await h.account('student');
    const enrollment = await enrollActive(s, program.id, subject.id);
    const cap = await submissionOf(submit(s, 'capstone', week1.capstone.id, url('cap')));
    for (const status of ['passed', 'failed', 'passed', 'needs_revision', 'passed']) expect((await grade(teacher, cap.id, { status })).status).toBe(200);
    await h.reactionsSettled();
    expect(await weekAdvances(enrollment)).toHaveLength(1);
    expect(await currentWeek(enrollment)).toBe(2);
  });

  it('advances the enrollment of the capstone\'s program only, and only an active one', async () => {
    const s = await h.account('student');
    const other = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Data Science', type: 'daytime' } }), programResponseSchema).program;
    const otherCohort = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'Python', programId: other.id } }), subjectResponseSchema).subject;
    // Enrolled in the other program first, and active there too.
    const elsewhere = await enrollActive(s, other.id, otherCohort.id);
    const here = await enrollActive(s, program.id, subject.id);
    const cap = await submissionOf(submit(s, 'capstone', week1.capstone.id, url('cap')));
    await grade(teacher, cap.id, { status: 'passed' });
    await h.reactionsSettled();
    expect([await currentWeek(here), await currentWeek(elsewhere)]).toEqual([2, 1]);

    // A pending enrollment does not advance.
    const p = await h.account('student');
    const pendingOne = await enrollActive(p, program.id, subject.id);
    const pc = await submissionOf(submit(p, 'capstone', week1.capstone.id, url('cap')));
    await h.call('PUT', `/enrollments/${pendingOne}/status`, { token: admin(), body: { status: 'pending' } });
    await grade(teacher, pc.id, { status: 'passed' });
    await h.reactionsSettled();
    expect(await currentWeek(pendingOne)).toBe(1);
  });

  it('a passed task never advances the week', async () => {
    const s = await h.account('student');
    const enrollment = await enrollActive(s, program.id, subject.id);
    const t = await submissionOf(submit(s, 'task', week1.tasks[0].id));
    await grade(teacher, t.id, { status: 'passed', score: 100 });
    await h.reactionsSettled();
    expect(await currentWeek(enrollment)).toBe(1);
  });
});

describe('notifications', () => {
  it('the graded student gets an in-app notice (not for pending) and a mail unless they opted out', async () => {
    const s = await h.account('student', 'Eve Student');
    await enrollActive(s, program.id, subject.id);
    const sub = await submissionOf(submit(s, 'task', week1.tasks[0].id));
    await grade(teacher, sub.id, { status: 'pending' });
    await grade(teacher, sub.id, { status: 'passed', score: 88, feedback: 'Neat work' });
    const inbox = bodyOf(await h.call('GET', '/notifications', { token: s.token, minPosition: await h.head() }), notificationsResponseSchema);
    expect(inbox.notifications).toEqual([
      expect.objectContaining({ title: GRADING_MESSAGES.gradedNoticeTitle, body: 'Task "Task 1": Passed, Score: 88/100', link: '/dashboard/student/grades', read: false }),
    ]);
    expect(bodyOf(await h.call('GET', '/notifications', { token: otherStudent.token }), notificationsResponseSchema).notifications.some((n) => n.body.includes('Score: 88/100'))).toBe(false);

    const [graded] = (await h.store.readStream(`work-${s.userId}-${week1.tasks[0].id}`)).filter((e) => e.type === GRADING_EVENTS.SubmissionGraded).slice(-1);
    const ctx: MailTemplateContext = { config: { PUBLIC_URL: 'http://academy.test', MAIL_FROM: 'academy@example.com', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory: recipientDirectory(h.app.get(EntityManager)) };
    const mail = await gradingMailTemplates[GRADING_EVENTS.SubmissionGraded](graded, ctx);
    if (!mail || Array.isArray(mail)) throw new Error(`one mail expected: ${JSON.stringify(mail)}`);
    expect(mail.to).toBe(`Eve Student <${s.email.toLowerCase()}>`);
    expect(mail.subject).toBe(GRADING_MESSAGES.gradedMailSubject('Task 1'));
    expect(mail.text).toContain('Task "Task 1": Passed, Score: 88/100');
    expect(mail.text).toContain('Neat work');
    expect(mail.text).toContain('http://academy.test/dashboard/student/grades');
    expect((await h.call('PUT', '/account/notification-preferences', { token: s.token, body: { newApplications: true, newSubmissions: true, submissionGraded: false } })).status).toBe(200);
    await h.call('GET', '/notifications', { token: s.token, minPosition: await h.head() });
    expect(await gradingMailTemplates[GRADING_EVENTS.SubmissionGraded](graded, ctx)).toBeNull();
  });
});

describe('teacher notifications', () => {
  it('the teachers assigned to the subject get an in-app notice of a submission, and a mail unless they opted out', async () => {
    const s = await h.account('student', 'Fay Student');
    await enrollActive(s, program.id, subject.id);
    await submit(s, 'capstone', week1.capstone.id, url('fay'));
    const inbox = bodyOf(await h.call('GET', '/notifications', { token: teacher.token, minPosition: await h.head() }), notificationsResponseSchema);
    expect(inbox.notifications[0]).toMatchObject({ title: GRADING_MESSAGES.submittedNoticeTitle, body: 'Fay Student submitted Capstone "Capstone 1" (late)', link: '/dashboard/teacher/submissions' });
    expect(bodyOf(await h.call('GET', '/notifications', { token: otherTeacher.token }), notificationsResponseSchema).notifications.some((n) => n.body.startsWith('Fay Student'))).toBe(false);

    const [submitted] = (await h.store.readStream(`work-${s.userId}-${week1.capstone.id}`)).filter((e) => e.type === GRADING_EVENTS.WorkSubmitted);
    expect(submitted.data).toMatchObject({ title: 'Capstone 1', teacherIds: [teacher.userId] });
    const ctx: MailTemplateContext = { config: { PUBLIC_URL: 'http://academy.test', MAIL_FROM: 'academy@example.com', ADMISSIONS_EXTRA_EMAILS: [], ACADEMY_TIME_ZONE: 'Africa/Johannesburg' }, directory: recipientDirectory(h.app.get(EntityManager)) };
    const mails = await gradingMailTemplates[GRADING_EVENTS.WorkSubmitted](submitted, ctx);
    if (!Array.isArray(mails)) throw new Error(`a list of mails expected: ${JSON.stringify(mails)}`);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[`Tess Teacher <${teacher.email.toLowerCase()}>`, GRADING_MESSAGES.submittedMailSubject('Capstone 1')]]);
    expect(mails[0].text).toContain('http://academy.test/dashboard/teacher/submissions');
    expect((await h.call('PUT', '/account/notification-preferences', { token: teacher.token, body: { newApplications: true, newSubmissions: false, submissionGraded: true } })).status).toBe(200);
    await h.call('GET', '/notifications', { token: teacher.token, minPosition: await h.head() });
    expect(await gradingMailTemplates[GRADING_EVENTS.WorkSubmitted](submitted, ctx)).toBeNull();
  });
});

describe('the CSV export (issue 28 §2)', () => {
  it("gives neither a \",\" nor a \";\" reader a live cell for a student's name, a task title or a teacher's name carrying a formula", async () => {
    const author = await h.account('teacher', "Ann\n=cmd|' /C calc'!A0");
    const s = await h.account('student', "L5 x;=cmd|' /C calc'!A0;x");
    const own = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'Spreadsheets', programId: program.id } }), subjectResponseSchema).subject;
    await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: author.userId, subjectId: own.id } });
    const { week } = bodyOf(await h.call('POST', '/weeks', { token: author.token, body: { subjectId: own.id, weekNumber: 1, title: 'Week 1' } }), weekResponseSchema);
    await h.call('POST', `/weeks/${week.id}/tasks`, { token: author.token, body: { dayNumber: 1, title: "Forms;\r\n@SUM(1+1)*cmd|' /C calc'!A0" } });
    await h.call('PUT', `/weeks/${week.id}/published`, { token: author.token, body: { published: true } });
    const [task] = bodyOf(await h.call('GET', `/weeks/${week.id}`, { token: author.token }), weekResponseSchema).week.tasks;
    await enrollActive(s, program.id, own.id);
    const work = await submissionOf(submit(s, 'task', task.id));
    expect((await grade(author, work.id, { status: 'passed', score: 70 })).status).toBe(200);

    const csv = bodyOf(await h.call('GET', `/subjects/${own.id}/grades.csv`, { token: admin(), minPosition: await h.head() }), z.string());
    expect(liveCells(csv)).toEqual([]);
    const [, row, ...none] = spreadsheetRows(csv, ',');
    expect(none).toEqual([]);
    const cell = (column: (typeof GRADE_CSV_COLUMNS)[number]) => row[GRADE_CSV_COLUMNS.indexOf(column)];
    expect([cell('student_name'), cell('title'), cell('score'), cell('graded_by')]).toEqual(["L5 x;'=cmd|' /C calc'!A0;x", "Forms;' @SUM(1+1)*cmd|' /C calc'!A0", '70.00', "Ann =cmd|' /C calc'!A0"]);
  });
});

test('the original student still sits at week 1 (nothing here graded their capstone)', async () => {
  expect(await currentWeek(enrollmentId)).toBe(1);
});
