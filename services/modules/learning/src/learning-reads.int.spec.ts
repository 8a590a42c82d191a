// The context's reads (the query handlers' and the week commands' preconditions) through MikroORM
// against real Postgres: nothing before the worker first ran the projection (no read schema yet),
// then what the projection built from given events, in the read schema `learning` (here its tables,
// in production the views onto the live version: the reads cannot tell them apart).
import { logDatabase } from '@academy/testing/projection';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Principal } from '@academy/backend';
import { buildProjectionInto, type PersonalData } from '@academy/event-store';
import { readSubjectOfWeek, readTeacherAccess } from './commands/week-gate.read.js';
import { learningEntities } from './projections/learning/learning.orm.js';
import { LEARNING_PROJECTION, learningProjection } from './projections/learning/learning.projection.js';
import { GetWeekHandler } from './queries/get-week/get-week.handler.js';
import { GetWeek } from './queries/get-week/get-week.query.js';
import { ListWeeksHandler } from './queries/list-weeks/list-weeks.handler.js';
import { ListWeeks } from './queries/list-weeks/list-weeks.query.js';
import { MyLessonsHandler } from './queries/my-lessons/my-lessons.handler.js';
import { MyLessons } from './queries/my-lessons/my-lessons.query.js';
import { readIsAssigned } from './queries/weeks.read.js';

const P1 = '00000000-0000-4000-8000-0000000000a1';
const S1 = '00000000-0000-4000-8000-0000000000b1';
const S2 = '00000000-0000-4000-8000-0000000000b2';
const TEA = '00000000-0000-4000-8000-0000000000c1';
const ANN = '00000000-0000-4000-8000-0000000000c2';
const E1 = '00000000-0000-4000-8000-0000000000d1';
const W1 = '00000000-0000-4000-8000-0000000000e1';
const W2 = '00000000-0000-4000-8000-0000000000e2';
const W3 = '00000000-0000-4000-8000-0000000000e3';
const T1 = '00000000-0000-4000-8000-0000000000f1';
const T2 = '00000000-0000-4000-8000-0000000000f2';
const C1 = '00000000-0000-4000-8000-0000000000f3';
const SUB = '00000000-0000-4000-8000-0000000000f4';
const A1 = '00000000-0000-4000-8000-0000000000f5';

const t = logDatabase('learning_reads', { entities: learningEntities });
const ADMIN: Principal = { userId: randomUUID(), role: 'admin' };
const teacher = (userId: string): Principal => ({ userId, role: 'teacher' });
const readWeek = async (weekId: string) => (await new GetWeekHandler(t.em).execute(new GetWeek(ADMIN, weekId))).week;
const readWeeks = async (principal: Principal, subjectId?: string) => (await new ListWeeksHandler(t.em).execute(new ListWeeks(principal, { subjectId }))).weeks;
const readLessons = (studentId: string) => new MyLessonsHandler(t.em).execute(new MyLessons(studentId));
const notFound = { name: 'DomainError', kind: 'not_found' };
const forbidden = { name: 'DomainError', kind: 'forbidden' };

let clock = Date.parse('2026-01-01T00:00:00.000Z');
const at = (n: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + n * 1000).toISOString();
async function given(stream: string, type: string, data: unknown, personal?: PersonalData) {
  clock += 1000;
  const metadata = { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date(clock).toISOString() };
  await t.store.append(stream, [{ type, data, personal, metadata }], 'any');
}
const item = (title: string, dueAt: string | null) => ({ title, description: `${title} d`, instructions: `${title} i`, dueAt });

describe('before the worker first ran the projection (no read schema)', () => {
  it('every read answers nothing', async () => {
    expect(await readWeeks(ADMIN)).toEqual([]);
    expect(await readWeeks(teacher(TEA))).toEqual([]);
    await expect(readWeeks(teacher(TEA), S1)).rejects.toMatchObject(forbidden);
    await expect(readWeek(W1)).rejects.toMatchObject(notFound);
    expect(await readIsAssigned(t.em, TEA, S1)).toBe(false);
    expect(await readLessons(ANN)).toEqual({ enrollment: null, weeks: [] });
    expect(await readTeacherAccess(t.em, TEA, S1)).toEqual({ subjectExists: false, assigned: false });
    expect(await readSubjectOfWeek(t.em, W1)).toBeNull();
  });
});

describe('over the projection', () => {
  beforeAll(async () => {
    await given(`program-${P1}`, 'ProgramCreated', { programId: P1, name: 'Web', type: 'daytime', description: '' });
    await given(`subject-${S1}`, 'SubjectCreated', { subjectId: S1, programId: P1, name: 'JavaScript', weekNumber: null, description: '' }); // at(2)
    await given(`subject-${S2}`, 'SubjectCreated', { subjectId: S2, programId: P1, name: 'CSS', weekNumber: null, description: '' });
    await given(`assignment-${A1}`, 'TeacherAssigned', { assignmentId: A1, teacherId: TEA, subjectId: S1 });
    await given(`week-${W1}`, 'WeekCreated', { weekId: W1, subjectId: S1, weekNumber: 1, title: 'JS 1', objectives: 'o1' }); // at(5)
    await given(`week-${W1}`, 'TaskAdded', { weekId: W1, taskId: T2, dayNumber: 2, ...item('Loops', null) });
    await given(`week-${W1}`, 'TaskAdded', { weekId: W1, taskId: T1, dayNumber: 1, ...item('Vars', '2026-02-01T18:00:00.000Z') });
    await given(`week-${W1}`, 'CapstoneSet', { weekId: W1, capstoneId: C1, ...item('Game', null) });
    await given(`week-${W1}`, 'WeekPublished', { weekId: W1, subjectId: S1 });
    await given(`week-${W2}`, 'WeekCreated', { weekId: W2, subjectId: S2, weekNumber: 1, title: 'CSS 1', objectives: 'o2' }); // at(10)
    await given(`week-${W3}`, 'WeekCreated', { weekId: W3, subjectId: S1, weekNumber: 2, title: 'JS 2', objectives: 'o3' });
    await given(`enrollment-${E1}`, 'StudentEnrolled', { enrollmentId: E1, code: 'ENR-2026-0001', studentId: ANN, programId: P1, subjectId: S1 });
    await given(`enrollment-${E1}`, 'EnrollmentStatusChanged', { enrollmentId: E1, status: 'active', previousStatus: 'pending', activatedAt: at(13) });
    const work = { submissionId: SUB, studentId: ANN, kind: 'task', itemId: T1, weekId: W1, subjectId: S1 };
    await given(`work-${ANN}-${T1}`, 'WorkSubmitted', { ...work, programId: P1, githubUrl: 'https://github.com/a/b', attempt: 1, late: true, dueAt: null }, { subjectId: ANN, data: { notes: 'n' } }); // at(14)
    await given(`work-${ANN}-${T1}`, 'SubmissionGraded', { ...work, teacherId: TEA, attempt: 1, score: 72.5, status: 'needs_revision', previous: null }, { subjectId: ANN, data: { feedback: 'f', previousFeedback: null } });
    await buildProjectionInto(t.db.pool, learningProjection, LEARNING_PROJECTION, t.store);
  });

  it('shows a week with its subject, program, tasks by day and capstone', async () => {
    expect(await readWeek(W1)).toEqual({
      id: W1,
      subjectId: S1,
      subjectName: 'JavaScript',
      programId: P1,
      programName: 'Web',
      weekNumber: 1,
      title: 'JS 1',
      objectives: 'o1',
      isPublished: true,
      tasks: [
        { id: T1, weekId: W1, dayNumber: 1, title: 'Vars', description: 'Vars d', instructions: 'Vars i', dueAt: '2026-02-01T18:00:00.000Z', latePolicy: 'accept' },
        { id: T2, weekId: W1, dayNumber: 2, title: 'Loops', description: 'Loops d', instructions: 'Loops i', dueAt: null, latePolicy: 'accept' },
      ],
      capstone: { id: C1, weekId: W1, title: 'Game', description: 'Game d', instructions: 'Game i', dueAt: null, latePolicy: 'accept' },
      createdAt: at(5),
      version: 5,
    });
    await expect(readWeek('not-a-uuid')).rejects.toMatchObject(notFound);
    await expect(readWeek(randomUUID())).rejects.toMatchObject(notFound);
    // A teacher reads only the weeks of their subjects.
    expect((await new GetWeekHandler(t.em).execute(new GetWeek(teacher(TEA), W1))).week.id).toBe(W1);
    await expect(new GetWeekHandler(t.em).execute(new GetWeek(teacher(TEA), W2))).rejects.toMatchObject(forbidden);
  });

  it("lists weeks by subject name then number: an admin's of any subject, a teacher's of their subjects", async () => {
    const ids = async (principal: Principal, subjectId?: string) => (await readWeeks(principal, subjectId)).map((w) => w.id);
    expect(await ids(ADMIN)).toEqual([W2, W1, W3]);
    expect(await ids(ADMIN, S1)).toEqual([W1, W3]);
    expect(await ids(teacher(TEA))).toEqual([W1, W3]);
    expect(await ids(teacher(TEA), S1)).toEqual([W1, W3]);
    await expect(ids(teacher(TEA), S2)).rejects.toMatchObject(forbidden);
    expect(await ids(teacher(ANN))).toEqual([]);
    expect((await readWeeks(ADMIN, S2))[0]).toMatchObject({ tasks: [], capstone: null, isPublished: false });
  });

  it('answers the week commands: subject known, caller assigned, a week\'s subject', async () => {
    expect(await readIsAssigned(t.em, TEA, S1)).toBe(true);
    expect(await readIsAssigned(t.em, TEA, S2)).toBe(false);
    expect(await readTeacherAccess(t.em, TEA, S1)).toEqual({ subjectExists: true, assigned: true });
    expect(await readTeacherAccess(t.em, TEA, S2)).toEqual({ subjectExists: true, assigned: false });
    expect(await readTeacherAccess(t.em, TEA, randomUUID())).toEqual({ subjectExists: false, assigned: false });
    expect(await readTeacherAccess(t.em, TEA, 'nope')).toEqual({ subjectExists: false, assigned: false });
    expect(await readSubjectOfWeek(t.em, W2)).toBe(S2);
    expect(await readSubjectOfWeek(t.em, randomUUID())).toBeNull();
  });

  it("shows the student's published weeks up to the current week (here week 1, not past) with the latest attempt and its grade", async () => {
    expect(await readLessons(ANN)).toEqual({
      enrollment: { enrollmentId: E1, programId: P1, programName: 'Web', programType: 'daytime', currentWeek: 1 },
      weeks: [
        {
          id: W1,
          subjectId: S1,
          subjectName: 'JavaScript',
          weekNumber: 1,
          past: false,
          title: 'JS 1',
          objectives: 'o1',
          tasks: [
            {
              id: T1,
              weekId: W1,
              dayNumber: 1,
              title: 'Vars',
              description: 'Vars d',
              instructions: 'Vars i',
              dueAt: '2026-02-01T18:00:00.000Z',
              latePolicy: 'accept',
              extendedDueAt: null,
              submission: { submissionId: SUB, githubUrl: 'https://github.com/a/b', notes: 'n', submittedAt: at(14), late: true, attempt: 1, gradeStatus: 'needs_revision', score: 72.5, feedback: 'f', canResubmit: true },
            },
            { id: T2, weekId: W1, dayNumber: 2, title: 'Loops', description: 'Loops d', instructions: 'Loops i', dueAt: null, latePolicy: 'accept', submission: null, extendedDueAt: null },
          ],
          capstone: { id: C1, weekId: W1, title: 'Game', description: 'Game d', instructions: 'Game i', dueAt: null, latePolicy: 'accept', submission: null, extendedDueAt: null },
        },
      ],
    });
    expect(await readLessons(TEA)).toEqual({ enrollment: null, weeks: [] });
  });
});
