// The context's reads (the query handlers' and the commands' preconditions) through MikroORM against
// real Postgres: nothing before the worker first ran the projection (no read schema yet), then what
// the projection built from given events, in the read schema `grading` (here its tables, in production
// the views onto the live version: the reads cannot tell them apart).
import { spreadsheetRows } from '@academy/contracts/testing';
import { logDatabase } from '@academy/testing/projection';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig, type Principal } from '@academy/backend';
import { buildProjectionInto, type PersonalData } from '@academy/event-store';
import type { SubmissionTab } from '@academy/contracts';
import { readGradingTarget } from './commands/grade-submission/grading-target.read.js';
import { readSubmitFacts } from './commands/submit-work/item-facts.read.js';
import { gradingEntities } from './projections/grading/grading.orm.js';
import { GRADING_PROJECTION, gradingProjection } from './projections/grading/grading.projection.js';
import { ExportGradesHandler } from './queries/export-grades/export-grades.handler.js';
import { ExportGrades } from './queries/export-grades/export-grades.query.js';
import { GetSubmissionHandler } from './queries/get-submission/get-submission.handler.js';
import { GetSubmission } from './queries/get-submission/get-submission.query.js';
import { GradeHistoryHandler } from './queries/grade-history/grade-history.handler.js';
import { GradeHistory } from './queries/grade-history/grade-history.query.js';
import { MyGradesHandler } from './queries/my-grades/my-grades.handler.js';
import { MyGrades } from './queries/my-grades/my-grades.query.js';
import { MyProgressHandler } from './queries/my-progress/my-progress.handler.js';
import { MyProgress } from './queries/my-progress/my-progress.query.js';
import { StudentDashboardHandler } from './queries/student-dashboard/student-dashboard.handler.js';
import { StudentDashboard } from './queries/student-dashboard/student-dashboard.query.js';
import { isAssigned, readStreamOf } from './queries/submission-access.read.js';
import { TeacherDashboardHandler } from './queries/teacher-dashboard/teacher-dashboard.handler.js';
import { TeacherDashboard } from './queries/teacher-dashboard/teacher-dashboard.query.js';
import { TeacherSubmissionsHandler } from './queries/teacher-submissions/teacher-submissions.handler.js';
import { TeacherSubmissions } from './queries/teacher-submissions/teacher-submissions.query.js';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const [P1, S1, S2, W1, W2, T1, T2, T3, C1, REMOVED] = [0xa1, 0xb1, 0xb2, 0xc1, 0xc2, 0xd1, 0xd2, 0xd3, 0xd9, 0xdf].map(id);
const [ANN, BOB, CAT, TEA, TEB] = [0xe1, 0xe2, 0xe3, 0xf1, 0xf2].map(id);
const [E1, E2] = [0x1e1, 0x1e2].map(id);
const [SUB1, SUB2, SUB3, SUB4, SUB5] = [0x5b1, 0x5b2, 0x5b3, 0x5b4, 0x5b5].map(id);
const UNKNOWN = id(0xfff);

const t = logDatabase('grading_reads', { entities: gradingEntities });
const ADMIN: Principal = { userId: id(0xad), role: 'admin' };
const teacher = (userId: string): Principal => ({ userId, role: 'teacher' });
const notFound = { name: 'DomainError', kind: 'not_found' };
const submission = (submissionId: string) => new GetSubmissionHandler(t.em).execute(new GetSubmission(ADMIN, submissionId));
const gradeHistory = (submissionId: string) => new GradeHistoryHandler(t.em, t.store).execute(new GradeHistory(ADMIN, submissionId));
const myGrades = (studentId: string) => new MyGradesHandler(t.em).execute(new MyGrades(studentId));
const myProgress = (studentId: string) => new MyProgressHandler(t.em).execute(new MyProgress(studentId));
const studentDashboard = (studentId: string) => new StudentDashboardHandler(t.em).execute(new StudentDashboard(studentId));
const teacherDashboard = (teacherId: string) => new TeacherDashboardHandler(t.em).execute(new TeacherDashboard(teacherId));
const submissionsPage = (principal: Principal, query: { tab: SubmissionTab; limit: number; subjectId?: string; after?: string }) =>
  new TeacherSubmissionsHandler(t.em).execute(new TeacherSubmissions(principal, query));
/** The CSV's rows as (email, kind, title, attempt), in the file's order. */
async function exportedRows(subjectId: string): Promise<string[][]> {
  const config = loadConfig({ DATABASE_URL: t.db.url, REDIS_URL: 'redis://unused', NODE_ENV: 'test', ACADEMY_MASTER_KEY: Buffer.alloc(32, 5).toString('base64') });
  const csv = await new ExportGradesHandler(t.em, config).execute(new ExportGrades(ADMIN, subjectId));
  return spreadsheetRows(csv, ',').slice(1).map((f) => [f[0], f[3], f[4], f[5]]);
}

let clock = Date.parse('2026-01-01T00:00:00.000Z');
const at = () => new Date(clock).toISOString();
async function given(stream: string, type: string, data: unknown, personal?: PersonalData) {
  clock += 1000;
  const metadata = { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: at() };
  await t.store.append(stream, [{ type, data, personal, metadata }], 'any');
}
const person = (userId: string, role: string, fullName: string, email: string) =>
  given(`user-${userId}`, 'UserRegistered', { userId, role }, { subjectId: userId, data: { email, fullName, passwordHash: 'x' } });
const task = (weekId: string, taskId: string, dayNumber: number, title: string) =>
  given(`week-${weekId}`, 'TaskAdded', { weekId, taskId, dayNumber, title, description: '', instructions: '', dueAt: null });
const work = (studentId: string, itemId: string) => `work-${studentId}-${itemId}`;
function submitted(submissionId: string, studentId: string, itemId: string, kind: 'task' | 'capstone', attempt: number, weekId = W1, subjectId = S1) {
  return given(
    work(studentId, itemId),
    'WorkSubmitted',
    { submissionId, studentId, kind, itemId, weekId, subjectId, programId: P1, githubUrl: `https://github.com/a/${attempt}`, attempt, late: false, dueAt: null, title: 'x', teacherIds: [TEA] },
    { subjectId: studentId, data: { notes: `notes ${attempt}` } },
  );
}
function graded(submissionId: string, studentId: string, itemId: string, kind: 'task' | 'capstone', status: string, score: number | null) {
  return given(
    work(studentId, itemId),
    'SubmissionGraded',
    { submissionId, studentId, kind, itemId, weekId: W1, subjectId: S1, teacherId: TEA, attempt: 1, score, status, previous: null, title: 'x' },
    { subjectId: studentId, data: { feedback: `feedback ${status}`, previousFeedback: null } },
  );
}

describe('before the worker first ran the projection (no read schema)', () => {
  it('every read answers nothing', async () => {
    expect(await readSubmitFacts(t.em, ANN, T1)).toEqual({ item: null, enrolled: false });
    expect(await readGradingTarget(t.em, SUB1, TEA)).toBeNull();
    expect(await readStreamOf(t.em, SUB1)).toBeNull();
    expect(await isAssigned(t.em, TEA, S1)).toBe(false);
    await expect(submission(SUB1)).rejects.toMatchObject(notFound);
    await expect(gradeHistory(SUB1)).rejects.toMatchObject(notFound);
    expect(await myGrades(ANN)).toEqual({ submissions: [], summary: { averageScore: null, total: 0, graded: 0, passRate: null } });
    expect(await myProgress(ANN)).toEqual({ currentWeek: null, percent: null, weeks: [], trend: [] });
    expect(await studentDashboard(ANN)).toEqual({ currentWeek: null, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: null });
    expect(await teacherDashboard(TEA)).toEqual({ activeCourses: 0, totalStudents: 0, pendingGrading: 0, currentWeek: null });
    await expect(exportedRows(S1)).rejects.toMatchObject({ kind: 'not_found', message: 'Subject not found' });
    expect(await submissionsPage(teacher(TEA), { tab: 'pending', limit: 10 })).toEqual({ counts: { pending: 0, graded: 0 }, tab: 'pending', items: [], nextCursor: null });
  });
});

describe('over the projection', () => {
  beforeAll(async () => {
    await person(ANN, 'student', 'Ann Lee', 'ann@example.com');
    await person(BOB, 'student', 'Bob Ray', 'bob@example.com');
    await person(CAT, 'student', 'Cat Kim', 'cat@example.com');
    await person(TEA, 'teacher', 'Tea Cher', 'tea@example.com');
    await person(TEB, 'teacher', 'Teb Cher', 'teb@example.com');
    await given(`program-${P1}`, 'ProgramCreated', { programId: P1, name: 'Web', type: 'daytime', description: '' });
    await given(`subject-${S1}`, 'SubjectCreated', { subjectId: S1, programId: P1, name: 'Cohort A', weekNumber: null, description: '' });
    await given(`subject-${S2}`, 'SubjectCreated', { subjectId: S2, programId: P1, name: 'Cohort B', weekNumber: null, description: '' });
    await given(`subject-${S1}`, 'TeacherAssigned', { assignmentId: id(0xaa1), teacherId: TEA, subjectId: S1 });
    await given(`subject-${S2}`, 'TeacherAssigned', { assignmentId: id(0xaa2), teacherId: TEB, subjectId: S2 });
    await given(`week-${W1}`, 'WeekCreated', { weekId: W1, subjectId: S1, weekNumber: 1, title: 'One', objectives: '' });
    await given(`week-${W2}`, 'WeekCreated', { weekId: W2, subjectId: S1, weekNumber: 2, title: 'Two', objectives: '' });
    await task(W1, T1, 1, 'Task 1');
    await task(W1, T2, 2, 'Task 2');
    await task(W1, REMOVED, 3, 'Gone');
    await given(`week-${W1}`, 'TaskRemoved', { weekId: W1, taskId: REMOVED });
    await given(`week-${W1}`, 'CapstoneSet', { weekId: W1, capstoneId: C1, title: 'Capstone 1', description: '', instructions: '', dueAt: '2026-02-01T12:00:00.000Z' });
    await task(W2, T3, 1, 'Task 3');
    await given(`week-${W1}`, 'WeekPublished', { weekId: W1, subjectId: S1 });
    await given(`enrollment-${E1}`, 'StudentEnrolled', { enrollmentId: E1, code: 'ENR-2026-0001', studentId: ANN, programId: P1, subjectId: S1 });
    await given(`enrollment-${E2}`, 'StudentEnrolled', { enrollmentId: E2, code: 'ENR-2026-0002', studentId: BOB, programId: P1, subjectId: S1 });
    await given(`enrollment-${E1}`, 'EnrollmentStatusChanged', { enrollmentId: E1, status: 'active', previousStatus: 'pending', activatedAt: '2026-01-02T00:00:00.000Z' });
    await given(`enrollment-${E2}`, 'EnrollmentStatusChanged', { enrollmentId: E2, status: 'active', previousStatus: 'pending', activatedAt: '2026-01-02T00:00:00.000Z' });
    await given(`enrollment-${E2}`, 'EnrollmentWeekAdvanced', { enrollmentId: E2, currentWeek: 2, capstoneId: null });
    await submitted(SUB1, ANN, T1, 'task', 1);
    await graded(SUB1, ANN, T1, 'task', 'passed', 90);
    await submitted(SUB2, ANN, T2, 'task', 1);
    await graded(SUB2, ANN, T2, 'task', 'needs_revision', 40.5);
    await submitted(SUB3, ANN, T2, 'task', 2);
    await submitted(SUB4, ANN, C1, 'capstone', 1);
    await graded(SUB4, ANN, C1, 'capstone', 'passed', 85);
    await submitted(SUB5, BOB, T1, 'task', 1);
    await buildProjectionInto(t.db.pool, gradingProjection, GRADING_PROJECTION, t.store);
  });

  it("reads a submission's preconditions: the item's facts, the enrollment, the grading target", async () => {
    expect(await readSubmitFacts(t.em, ANN, C1)).toEqual({
      item: { title: 'Capstone 1', teacherIds: [TEA], kind: 'capstone', itemId: C1, weekId: W1, subjectId: S1, programId: P1, dueAt: '2026-02-01T12:00:00.000Z', latePolicy: 'accept', published: true },
      enrolled: true,
    });
    expect(await readSubmitFacts(t.em, ANN, T3)).toMatchObject({ item: { itemId: T3, published: false, dueAt: null }, enrolled: true });
    expect(await readSubmitFacts(t.em, CAT, T1)).toMatchObject({ item: { itemId: T1 }, enrolled: false });
    expect(await readSubmitFacts(t.em, ANN, REMOVED)).toEqual({ item: null, enrolled: false });
    expect(await readSubmitFacts(t.em, ANN, 'not-a-uuid')).toEqual({ item: null, enrolled: false });
    expect(await readGradingTarget(t.em, SUB2, TEA)).toEqual({ streamId: work(ANN, T2), subjectId: S1, studentId: ANN, itemId: T2, title: 'Task 2', assigned: true });
    expect(await readGradingTarget(t.em, SUB2, TEB)).toMatchObject({ assigned: false });
    expect(await readGradingTarget(t.em, UNKNOWN, TEA)).toBeNull();
  });

  it('shows the attempts of a stream, oldest first, with names, grade and stream version', async () => {
    const { submission: shown, attempts } = await submission(SUB3);
    expect(shown.id).toBe(SUB3);
    expect(attempts.map((a) => [a.id, a.attempt, a.latest, a.version])).toEqual([
      [SUB2, 1, false, 3],
      [SUB3, 2, true, 3],
    ]);
    expect(attempts[0]).toMatchObject({
      kind: 'task',
      itemId: T2,
      title: 'Task 2',
      dayNumber: 2,
      weekId: W1,
      weekNumber: 1,
      subjectId: S1,
      subjectName: 'Cohort A',
      studentId: ANN,
      studentName: 'Ann Lee',
      studentEmail: 'ann@example.com',
      githubUrl: 'https://github.com/a/1',
      notes: 'notes 1',
      dueAt: null,
      late: false,
      grade: { score: 40.5, status: 'needs_revision', feedback: 'feedback needs_revision', teacherId: TEA, teacherName: 'Tea Cher', gradedAt: expect.stringMatching(/^2026-01-01T00:00:\d\d\.000Z$/) },
    });
    expect(attempts[0].submittedAt).toMatch(/^2026-01-01T00:00:\d\d\.000Z$/);
    expect(attempts[1].grade).toBeNull();
    expect(await readStreamOf(t.em, SUB3)).toEqual({ streamId: work(ANN, T2), subjectId: S1, studentId: ANN });
    expect(await isAssigned(t.em, TEA, S1)).toBe(true);
    expect(await isAssigned(t.em, TEA, S2)).toBe(false);
    expect((await gradeHistory(SUB2)).changes.map((c) => [c.teacherName, c.from, c.to.status])).toEqual([['Tea Cher', null, 'needs_revision']]);
  });

  it("computes the student's screens from the latest attempts", async () => {
    const grades = await myGrades(ANN);
    expect(grades.submissions.map((s) => s.id)).toEqual([SUB4, SUB3, SUB2, SUB1]);
    // Latest: SUB1 passed 90, SUB3 not graded, SUB4 passed 85.
    expect(grades.summary).toEqual({ averageScore: 87.5, total: 3, graded: 2, passRate: 100 });
    expect(await myProgress(ANN)).toEqual({
      currentWeek: 1,
      percent: 5,
      weeks: [{ weekNumber: 1, tasksSubmitted: 2, tasksGraded: 1, capstonesSubmitted: 1, capstonesPassed: 1, averageScore: 87.5 }],
      trend: [
        expect.objectContaining({ score: 90, title: 'Task 1', kind: 'task', weekNumber: 1 }),
        expect.objectContaining({ score: 40.5, title: 'Task 2' }),
        expect.objectContaining({ score: 85, title: 'Capstone 1', kind: 'capstone' }),
      ],
    });
    expect(await studentDashboard(ANN)).toEqual({ currentWeek: 1, tasksCompleted: 1, tasksTotal: 5, averageGrade: 87.5, activeCourse: { programId: P1, programName: 'Web', programType: 'daytime' } });
    expect(await studentDashboard(BOB)).toEqual({ currentWeek: 2, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: { programId: P1, programName: 'Web', programType: 'daytime' } });
    expect(await studentDashboard(CAT)).toEqual({ currentWeek: null, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: null });
  });

  it("computes the teacher dashboard over the teacher's subjects and their programs' students", async () => {
    // Ann in week 1, Bob in week 2: a tie goes to the lower week. Pending: SUB3 and SUB5.
    expect(await teacherDashboard(TEA)).toEqual({ activeCourses: 1, totalStudents: 2, pendingGrading: 2, currentWeek: 1 });
    expect(await teacherDashboard(TEB)).toEqual({ activeCourses: 1, totalStudents: 2, pendingGrading: 0, currentWeek: 1 });
    expect(await teacherDashboard(ANN)).toEqual({ activeCourses: 0, totalStudents: 0, pendingGrading: 0, currentWeek: null });
  });

  it("exports a subject's attempts by week, student email, tasks by day then the capstone, attempt", async () => {
    expect(await exportedRows(S1)).toEqual([
      ['ann@example.com', 'task', 'Task 1', '1'],
      ['ann@example.com', 'task', 'Task 2', '1'],
      ['ann@example.com', 'task', 'Task 2', '2'],
      ['ann@example.com', 'capstone', 'Capstone 1', '1'],
      ['bob@example.com', 'task', 'Task 1', '1'],
    ]);
    await expect(exportedRows(UNKNOWN)).rejects.toMatchObject({ kind: 'not_found', message: 'Subject not found' });
    await expect(exportedRows('x')).rejects.toMatchObject({ kind: 'not_found', message: 'Subject not found' });
  });

  it('pages the teacher Submissions with both counts and a keyset cursor (the raw prepared statement)', async () => {
    const first = await submissionsPage(teacher(TEA), { tab: 'pending', limit: 1 });
    expect(first.counts).toEqual({ pending: 2, graded: 2 });
    expect(first.items.map((s) => s.id)).toEqual([SUB5]);
    expect(first.items[0]).toMatchObject({ studentName: 'Bob Ray', title: 'Task 1', weekNumber: 1, subjectName: 'Cohort A', grade: null, latest: true });
    expect(first.items[0].submittedAt).toMatch(/^2026-01-01T00:00:\d\d\.000Z$/);
    const second = await submissionsPage(teacher(TEA), { tab: 'pending', after: first.nextCursor!, limit: 1 });
    expect(second.items.map((s) => s.id)).toEqual([SUB3]);
    expect(second.nextCursor).toBeNull();
    const gradedTab = await submissionsPage(ADMIN, { tab: 'graded', subjectId: S1, limit: 10 });
    expect(gradedTab.items.map((s) => [s.id, s.grade?.score, s.grade?.gradedAt.slice(0, 10)])).toEqual([
      [SUB4, 85, '2026-01-01'],
      [SUB1, 90, '2026-01-01'],
    ]);
    expect(await submissionsPage(teacher(TEB), { tab: 'pending', limit: 10 })).toEqual({ counts: { pending: 0, graded: 0 }, tab: 'pending', items: [], nextCursor: null });
  });
});
