// The context's reads (the query slices' and the commands' preconditions) through MikroORM against
// real Postgres: nothing before the worker first ran the projection (no read schema yet), then what
// the projection built from given events, in the read schema `grading` (here its tables, in production
// the views onto the live version: the reads cannot tell them apart).
import { logDatabase } from '@academy/testing/projection';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { buildProjectionInto, type PersonalData } from '@academy/event-store';
import { readGradingTarget } from './commands/grade-submission/grading-target.read.js';
import { readSubmitFacts } from './commands/submit-work/item-facts.read.js';
import { gradingEntities } from './projections/grading/grading.orm.js';
import { GRADING_PROJECTION, gradingProjection } from './projections/grading/grading.projection.js';
import { readSubjectAttempts, subjectExists } from './queries/export-grades/export-grades.read.js';
import { readAttempts } from './queries/get-submission/get-submission.read.js';
import { readNames } from './queries/grade-history/grade-history.read.js';
import { readMyGrades } from './queries/my-grades/my-grades.read.js';
import { readProgress } from './queries/my-progress/my-progress.read.js';
import { readStudentDashboard } from './queries/student-dashboard/student-dashboard.read.js';
import { isAssigned, readStreamOf } from './queries/submission-access.read.js';
import { readTeacherDashboard } from './queries/teacher-dashboard/teacher-dashboard.read.js';
import { decodeSubmissionsCursor } from './queries/teacher-submissions/submissions-cursor.js';
import { readSubmissionsPage } from './queries/teacher-submissions/teacher-submissions.read.js';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const [P1, S1, S2, W1, W2, T1, T2, T3, C1, REMOVED] = [0xa1, 0xb1, 0xb2, 0xc1, 0xc2, 0xd1, 0xd2, 0xd3, 0xd9, 0xdf].map(id);
const [ANN, BOB, CAT, TEA, TEB] = [0xe1, 0xe2, 0xe3, 0xf1, 0xf2].map(id);
const [E1, E2] = [0x1e1, 0x1e2].map(id);
const [SUB1, SUB2, SUB3, SUB4, SUB5] = [0x5b1, 0x5b2, 0x5b3, 0x5b4, 0x5b5].map(id);
const UNKNOWN = id(0xfff);

const t = logDatabase('grading_reads', { entities: gradingEntities });

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
    expect(await readAttempts(t.em, work(ANN, T1))).toEqual([]);
    expect(await readNames(t.em, [TEA])).toEqual(new Map());
    expect(await readMyGrades(t.em, ANN)).toEqual({ submissions: [], summary: { averageScore: null, total: 0, graded: 0, passRate: null } });
    expect(await readProgress(t.em, ANN)).toEqual({ currentWeek: null, percent: null, weeks: [], trend: [] });
    expect(await readStudentDashboard(t.em, ANN)).toEqual({ currentWeek: null, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: null });
    expect(await readTeacherDashboard(t.em, TEA)).toEqual({ activeCourses: 0, totalStudents: 0, pendingGrading: 0, currentWeek: null });
    expect(await subjectExists(t.em, S1)).toBe(false);
    expect(await readSubjectAttempts(t.em, S1)).toEqual([]);
    expect(await readSubmissionsPage(t.em, TEA, { tab: 'pending', limit: 10 })).toEqual({ counts: { pending: 0, graded: 0 }, tab: 'pending', items: [], nextCursor: null });
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
      item: { title: 'Capstone 1', teacherIds: [TEA], kind: 'capstone', itemId: C1, weekId: W1, subjectId: S1, programId: P1, dueAt: '2026-02-01T12:00:00.000Z', published: true },
      enrolled: true,
    });
    expect(await readSubmitFacts(t.em, ANN, T3)).toMatchObject({ item: { itemId: T3, published: false, dueAt: null }, enrolled: true });
    expect(await readSubmitFacts(t.em, CAT, T1)).toMatchObject({ item: { itemId: T1 }, enrolled: false });
    expect(await readSubmitFacts(t.em, ANN, REMOVED)).toEqual({ item: null, enrolled: false });
    expect(await readSubmitFacts(t.em, ANN, 'not-a-uuid')).toEqual({ item: null, enrolled: false });
    expect(await readGradingTarget(t.em, SUB2, TEA)).toEqual({ streamId: work(ANN, T2), subjectId: S1, studentId: ANN, title: 'Task 2', assigned: true });
    expect(await readGradingTarget(t.em, SUB2, TEB)).toMatchObject({ assigned: false });
    expect(await readGradingTarget(t.em, UNKNOWN, TEA)).toBeNull();
  });

  it('shows the attempts of a stream, oldest first, with names, grade and stream version', async () => {
    const attempts = await readAttempts(t.em, work(ANN, T2));
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
    expect(await readNames(t.em, [TEA, UNKNOWN])).toEqual(new Map([[TEA, 'Tea Cher']]));
  });

  it("computes the student's screens from the latest attempts", async () => {
    const grades = await readMyGrades(t.em, ANN);
    expect(grades.submissions.map((s) => s.id)).toEqual([SUB4, SUB3, SUB2, SUB1]);
    // Latest: SUB1 passed 90, SUB3 not graded, SUB4 passed 85.
    expect(grades.summary).toEqual({ averageScore: 87.5, total: 3, graded: 2, passRate: 100 });
    expect(await readProgress(t.em, ANN)).toEqual({
      currentWeek: 1,
      percent: 5,
      weeks: [{ weekNumber: 1, tasksSubmitted: 2, tasksGraded: 1, capstonesSubmitted: 1, capstonesPassed: 1, averageScore: 87.5 }],
      trend: [
        expect.objectContaining({ score: 90, title: 'Task 1', kind: 'task', weekNumber: 1 }),
        expect.objectContaining({ score: 40.5, title: 'Task 2' }),
        expect.objectContaining({ score: 85, title: 'Capstone 1', kind: 'capstone' }),
      ],
    });
    expect(await readStudentDashboard(t.em, ANN)).toEqual({ currentWeek: 1, tasksCompleted: 1, tasksTotal: 5, averageGrade: 87.5, activeCourse: { programId: P1, programName: 'Web', programType: 'daytime' } });
    expect(await readStudentDashboard(t.em, BOB)).toEqual({ currentWeek: 2, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: { programId: P1, programName: 'Web', programType: 'daytime' } });
    expect(await readStudentDashboard(t.em, CAT)).toEqual({ currentWeek: null, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: null });
  });

  it("computes the teacher dashboard over the teacher's subjects and their programs' students", async () => {
    // Ann in week 1, Bob in week 2: a tie goes to the lower week. Pending: SUB3 and SUB5.
    expect(await readTeacherDashboard(t.em, TEA)).toEqual({ activeCourses: 1, totalStudents: 2, pendingGrading: 2, currentWeek: 1 });
    expect(await readTeacherDashboard(t.em, TEB)).toEqual({ activeCourses: 1, totalStudents: 2, pendingGrading: 0, currentWeek: 1 });
    expect(await readTeacherDashboard(t.em, ANN)).toEqual({ activeCourses: 0, totalStudents: 0, pendingGrading: 0, currentWeek: null });
  });

  it("exports a subject's attempts by week, student email, tasks by day then the capstone, attempt", async () => {
    expect(await subjectExists(t.em, S1)).toBe(true);
    expect(await subjectExists(t.em, UNKNOWN)).toBe(false);
    expect(await subjectExists(t.em, 'x')).toBe(false);
    expect((await readSubjectAttempts(t.em, S1)).map((s) => s.id)).toEqual([SUB1, SUB2, SUB3, SUB4, SUB5]);
  });

  it('pages the teacher Submissions with both counts and a keyset cursor (the raw prepared statement)', async () => {
    const first = await readSubmissionsPage(t.em, TEA, { tab: 'pending', limit: 1 });
    expect(first.counts).toEqual({ pending: 2, graded: 2 });
    expect(first.items.map((s) => s.id)).toEqual([SUB5]);
    expect(first.items[0]).toMatchObject({ studentName: 'Bob Ray', title: 'Task 1', weekNumber: 1, subjectName: 'Cohort A', grade: null, latest: true });
    expect(first.items[0].submittedAt).toMatch(/^2026-01-01T00:00:\d\d\.000Z$/);
    const after = decodeSubmissionsCursor(first.nextCursor!)!;
    const second = await readSubmissionsPage(t.em, TEA, { tab: 'pending', after, limit: 1 });
    expect(second.items.map((s) => s.id)).toEqual([SUB3]);
    expect(second.nextCursor).toBeNull();
    const gradedTab = await readSubmissionsPage(t.em, null, { tab: 'graded', subjectId: S1, limit: 10 });
    expect(gradedTab.items.map((s) => [s.id, s.grade?.score, s.grade?.gradedAt.slice(0, 10)])).toEqual([
      [SUB4, 85, '2026-01-01'],
      [SUB1, 90, '2026-01-01'],
    ]);
    expect(await readSubmissionsPage(t.em, TEB, { tab: 'pending', limit: 10 })).toEqual({ counts: { pending: 0, graded: 0 }, tab: 'pending', items: [], nextCursor: null });
  });
});
