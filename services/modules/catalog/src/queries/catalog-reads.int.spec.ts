// The catalog's reads (query handlers and command preconditions) through MikroORM against real Postgres:
// before the projection ever ran (no read schema: nothing yet, not an error), then over the projection
// built into the read schema from given events (libs/event-store buildProjectionInto, as a rebuild does).
import { logDatabase } from '@academy/testing/projection';
import { randomUUID } from 'node:crypto';
import { expect, it } from '@jest/globals';
import { buildProjectionInto } from '@academy/event-store';
import { isLiveTeacher, subjectExists } from '../commands/assign-teacher/assignable.read.js';
import { hasProgram } from '../commands/create-subject/program-exists.read.js';
import { programInUse } from '../commands/delete-program/in-use.read.js';
import { subjectInUse } from '../commands/delete-subject/in-use.read.js';
import { subjectHasEnrollments } from '../commands/update-subject/subject-move.read.js';
import { catalogEntities } from '../projections/catalog/catalog.orm.js';
import { catalogProjection } from '../projections/catalog/catalog.projection.js';
import { CATALOG_PROJECTION } from '../projections/catalog/names.js';
import { ListProgramsHandler } from './list-programs/list-programs.handler.js';
import { ListPrograms } from './list-programs/list-programs.query.js';
import { readSubjects } from './list-subjects/list-subjects.read.js';
import { ListTeacherAssignmentsHandler } from './list-teacher-assignments/list-teacher-assignments.handler.js';
import { ListTeacherAssignments } from './list-teacher-assignments/list-teacher-assignments.query.js';
import { MySubjectsHandler } from './my-subjects/my-subjects.handler.js';
import { MySubjects } from './my-subjects/my-subjects.query.js';

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [TEACHER, STUDENT, ALPHA, BETA, GONE, EMPTY, S_B, S_A, S_BETA, S_ORPHAN, A1, A2, E1, OTHER_TEACHER] = Array.from({ length: 14 }, (_, i) => U(i + 1));
const at = (s: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + 1000 * s).toISOString();

const t = logDatabase('catalog_reads', { entities: catalogEntities });
const readPrograms = async (programId?: string) => (await new ListProgramsHandler(t.em).execute(new ListPrograms(programId))).programs;
const readAssignments = async (assignmentId?: string) => (await new ListTeacherAssignmentsHandler(t.em).execute(new ListTeacherAssignments(assignmentId))).assignments;
const readMySubjects = async (teacherId: string) => (await new MySubjectsHandler(t.em).execute(new MySubjects(teacherId))).subjects;

it('answers nothing (not an error) before the worker first ran the projection', async () => {
  expect(await readPrograms()).toEqual([]);
  expect(await readSubjects(t.em, {})).toEqual([]);
  expect(await readAssignments()).toEqual([]);
  expect(await readMySubjects(TEACHER)).toEqual([]);
  expect([await isLiveTeacher(t.em, TEACHER), await subjectExists(t.em, S_A), await hasProgram(t.em, ALPHA)]).toEqual([false, false, false]);
  expect([await programInUse(t.em, ALPHA), await subjectInUse(t.em, S_A), await subjectHasEnrollments(t.em, S_A)]).toEqual([false, false, false]);
});

it('reads the screens and the preconditions from the read schema', async () => {
  let clock = 0;
  const given = async (stream: string, type: string, data: unknown, personal?: { subjectId: string; data: Record<string, unknown> }) => {
    const metadata = { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: at(clock++) };
    await t.store.append(stream, [{ type, data, personal, metadata }], 'any');
  };
  await given(`user-${TEACHER}`, 'UserRegistered', { userId: TEACHER, role: 'teacher' }, { subjectId: TEACHER, data: { email: 'tess@example.com', fullName: 'Tess' } }); // 0
  await given(`user-${STUDENT}`, 'UserRegistered', { userId: STUDENT, role: 'student' }, { subjectId: STUDENT, data: { email: 'stu@example.com', fullName: 'Stu' } }); // 1
  await given(`program-${BETA}`, 'ProgramCreated', { programId: BETA, name: 'beta', type: 'daytime', description: 'b' }); // 2
  await given(`program-${ALPHA}`, 'ProgramCreated', { programId: ALPHA, name: 'Alpha', type: 'evening', description: 'a' }); // 3
  await given(`program-${GONE}`, 'ProgramCreated', { programId: GONE, name: 'Gone', type: 'evening', description: '' }); // 4
  await given(`program-${EMPTY}`, 'ProgramCreated', { programId: EMPTY, name: 'Zulu', type: 'evening', description: '' }); // 5
  await given(`subject-${S_B}`, 'SubjectCreated', { subjectId: S_B, programId: ALPHA, name: 'b-cohort', weekNumber: 2, description: '' }); // 6
  await given(`subject-${S_A}`, 'SubjectCreated', { subjectId: S_A, programId: ALPHA, name: 'A-cohort', weekNumber: null, description: 'first' }); // 7
  await given(`subject-${S_BETA}`, 'SubjectCreated', { subjectId: S_BETA, programId: BETA, name: 'a-beta', weekNumber: 1, description: '' }); // 8
  await given(`subject-${S_ORPHAN}`, 'SubjectCreated', { subjectId: S_ORPHAN, programId: GONE, name: 'orphan', weekNumber: 1, description: '' }); // 9
  await given(`program-${GONE}`, 'ProgramDeleted', { programId: GONE }); // 10
  await given(`teacher-assignment-${A1}`, 'TeacherAssigned', { assignmentId: A1, teacherId: TEACHER, subjectId: S_A }); // 11
  await given(`teacher-assignment-${A2}`, 'TeacherAssigned', { assignmentId: A2, teacherId: TEACHER, subjectId: S_ORPHAN }); // 12
  await given(`enrollment-${E1}`, 'StudentEnrolled', { enrollmentId: E1, code: 'ENR-2026-0001', studentId: STUDENT, programId: ALPHA, subjectId: S_B }); // 13
  await buildProjectionInto(t.db.pool, catalogProjection, CATALOG_PROJECTION, t.store);

  // Programs by name (case-insensitive), counts as numbers, stamps as ISO strings.
  expect(await readPrograms()).toEqual([
    { id: ALPHA, name: 'Alpha', type: 'evening', description: 'a', createdAt: at(3), subjectCount: 2, enrollmentCount: 1 },
    { id: BETA, name: 'beta', type: 'daytime', description: 'b', createdAt: at(2), subjectCount: 1, enrollmentCount: 0 },
    { id: EMPTY, name: 'Zulu', type: 'evening', description: '', createdAt: at(5), subjectCount: 0, enrollmentCount: 0 },
  ]);
  expect((await readPrograms(BETA)).map((p) => p.id)).toEqual([BETA]);
  expect(await readPrograms('not-a-uuid')).toEqual([]);

  // Subjects by program name ('' for a program that is gone: first), then name, case-insensitive.
  const orphan = { id: S_ORPHAN, name: 'orphan', programId: GONE, programName: '', programType: 'evening', weekNumber: 1, description: '', createdAt: at(9) };
  const a = { id: S_A, name: 'A-cohort', programId: ALPHA, programName: 'Alpha', programType: 'evening', weekNumber: null, description: 'first', createdAt: at(7) };
  expect((await readSubjects(t.em, {})).map((s) => s.id)).toEqual([S_ORPHAN, S_A, S_B, S_BETA]);
  expect((await readSubjects(t.em, {}))[0]).toEqual(orphan);
  expect((await readSubjects(t.em, { programId: ALPHA })).map((s) => s.id)).toEqual([S_A, S_B]);
  expect(await readSubjects(t.em, { subjectId: S_A })).toEqual([a]);
  expect(await readSubjects(t.em, { subjectId: 'x' })).toEqual([]);
  expect(await readMySubjects(TEACHER)).toEqual([orphan, a]);
  expect(await readMySubjects(OTHER_TEACHER)).toEqual([]);

  // Assignments newest first, with names ('' where the subject's program is gone).
  expect(await readAssignments()).toEqual([
    { id: A2, teacherId: TEACHER, teacherName: 'Tess', teacherEmail: 'tess@example.com', subjectId: S_ORPHAN, subjectName: 'orphan', programName: '', assignedAt: at(12) },
    { id: A1, teacherId: TEACHER, teacherName: 'Tess', teacherEmail: 'tess@example.com', subjectId: S_A, subjectName: 'A-cohort', programName: 'Alpha', assignedAt: at(11) },
  ]);
  expect((await readAssignments(A1)).map((x) => x.id)).toEqual([A1]);

  // The commands' preconditions.
  expect([await isLiveTeacher(t.em, TEACHER), await isLiveTeacher(t.em, STUDENT), await isLiveTeacher(t.em, OTHER_TEACHER)]).toEqual([true, false, false]);
  expect([await subjectExists(t.em, S_A), await subjectExists(t.em, A1)]).toEqual([true, false]);
  expect([await hasProgram(t.em, ALPHA), await hasProgram(t.em, GONE), await hasProgram(t.em, 'x')]).toEqual([true, false, false]);
  // In use: by subjects (beta), by subjects and enrollments (Alpha); not Zulu.
  expect([await programInUse(t.em, ALPHA), await programInUse(t.em, BETA), await programInUse(t.em, EMPTY)]).toEqual([true, true, false]);
  // In use: by an assignment (A-cohort), by an enrollment (b-cohort); not a-beta.
  expect([await subjectInUse(t.em, S_A), await subjectInUse(t.em, S_B), await subjectInUse(t.em, S_BETA)]).toEqual([true, true, false]);
  expect([await subjectHasEnrollments(t.em, S_B), await subjectHasEnrollments(t.em, S_A)]).toEqual([true, false]);
});
