// The context's reads (the query handlers' and the commands' preconditions) through MikroORM against
// real Postgres: nothing before the worker first ran the projection (no read schema yet), then what
// the projection built from given events, in the read schema `enrollment` (here its tables, in
// production the views onto the live version: the reads cannot tell them apart).
import { logDatabase } from '@academy/testing/projection';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Principal } from '@academy/backend';
import { buildProjectionInto, type PersonalData } from '@academy/event-store';
import { readEnrollFacts } from './commands/enroll-student/enroll-facts.read.js';
import { readImportKnowledge } from './commands/import-enrollments/import-knowledge.read.js';
import { enrollmentEntities } from './projections/enrollments/enrollments.orm.js';
import { ENROLLMENT_PROJECTION, enrollmentProjection } from './projections/enrollments/enrollments.projection.js';
import { EnrollmentCountsHandler } from './queries/enrollment-counts/enrollment-counts.handler.js';
import { GetEnrollmentHandler } from './queries/get-enrollment/get-enrollment.handler.js';
import { GetEnrollment } from './queries/get-enrollment/get-enrollment.query.js';
import { ListEnrollmentsHandler } from './queries/list-enrollments/list-enrollments.handler.js';
import { MyEnrollmentHandler } from './queries/my-enrollment/my-enrollment.handler.js';
import { MyEnrollment } from './queries/my-enrollment/my-enrollment.query.js';

const P1 = '00000000-0000-4000-8000-0000000000a1';
const P2 = '00000000-0000-4000-8000-0000000000a2';
const S1 = '00000000-0000-4000-8000-0000000000b1';
const S2 = '00000000-0000-4000-8000-0000000000b2';
const ANN = '00000000-0000-4000-8000-0000000000c1';
const TEA = '00000000-0000-4000-8000-0000000000c2';
const E1 = '00000000-0000-4000-8000-0000000000d1';
const E2 = '00000000-0000-4000-8000-0000000000d2';
const E3 = '00000000-0000-4000-8000-0000000000d3';

const t = logDatabase('enrollment_reads', { entities: enrollmentEntities });
const ADMIN = { userId: '00000000-0000-4000-8000-0000000000e1', role: 'admin' } as const;
const readEnrollments = async () => (await new ListEnrollmentsHandler(t.em).execute()).enrollments;
const readEnrollment = async (id: string, principal: Principal = ADMIN) => (await new GetEnrollmentHandler(t.em).execute(new GetEnrollment(principal, id))).enrollment;
const notFound = { name: 'DomainError', kind: 'not_found' };
const readActiveEnrollment = async (studentId: string) => (await new MyEnrollmentHandler(t.em).execute(new MyEnrollment(studentId))).enrollment;
const readEnrollmentCounts = async () => (await new EnrollmentCountsHandler(t.em).execute()).counts;

let clock = Date.parse('2026-01-01T00:00:00.000Z');
async function given(stream: string, type: string, data: unknown, personal?: PersonalData) {
  clock += 1000;
  const metadata = { actorId: null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date(clock).toISOString() };
  await t.store.append(stream, [{ type, data, personal, metadata }], 'any');
}
const enrolled = (id: string, studentId: string, programId: string, subjectId: string, code: string) =>
  given(`enrollment-${id}`, 'StudentEnrolled', { enrollmentId: id, code, studentId, programId, subjectId });
const status = (id: string, to: string, from: string, stamps: Record<string, string> = {}) =>
  given(`enrollment-${id}`, 'EnrollmentStatusChanged', { enrollmentId: id, status: to, previousStatus: from, ...stamps });

describe('before the worker first ran the projection (no read schema)', () => {
  it('every read answers nothing', async () => {
    expect(await readEnrollments()).toEqual([]);
    await expect(readEnrollment(E1)).rejects.toMatchObject(notFound);
    expect(await readActiveEnrollment(ANN)).toBeNull();
    expect(await readEnrollmentCounts()).toEqual({ pending: 0, active: 0, completed: 0, dropped: 0 });
    expect(await readEnrollFacts(t.em, { studentId: ANN, programId: P1, subjectId: S1 })).toEqual({ studentIsLive: false, programExists: false, subjectInProgram: false });
    expect(await readImportKnowledge(t.em)).toEqual({ people: [], programs: [], subjects: [], unfinished: [] });
  });
});

describe('over the projection', () => {
  beforeAll(async () => {
    await given(`user-${ANN}`, 'UserRegistered', { userId: ANN, role: 'student' }, { subjectId: ANN, data: { email: 'Ann@Example.com', fullName: 'Ann Lee', passwordHash: 'x' } });
    await given(`user-${TEA}`, 'UserRegistered', { userId: TEA, role: 'teacher' }, { subjectId: TEA, data: { email: 'tea@example.com', fullName: 'Tea Cher', passwordHash: 'x' } });
    await given(`program-${P1}`, 'ProgramCreated', { programId: P1, name: 'Web', type: 'daytime', description: 'HTML' });
    await given(`program-${P2}`, 'ProgramCreated', { programId: P2, name: 'Data', type: 'evening', description: 'SQL' });
    await given(`subject-${S1}`, 'SubjectCreated', { subjectId: S1, programId: P1, name: 'Cohort A', weekNumber: null, description: '' });
    await given(`subject-${S2}`, 'SubjectCreated', { subjectId: S2, programId: P2, name: 'Cohort B', weekNumber: null, description: '' });
    await enrolled(E1, ANN, P1, S1, 'ENR-2026-0001');
    await enrolled(E2, ANN, P2, S2, 'ENR-2026-0002');
    await enrolled(E3, TEA, P1, S1, 'ENR-2026-0003');
    // Both of Ann's are active; E1 was activated last. E3 was dropped.
    await status(E2, 'active', 'pending', { activatedAt: '2026-01-05T00:00:00.000Z' });
    await status(E1, 'active', 'pending', { activatedAt: '2026-01-06T00:00:00.000Z' });
    await status(E3, 'dropped', 'pending');
    await given(`enrollment-${E1}`, 'EnrollmentWeekAdvanced', { enrollmentId: E1, currentWeek: 2, capstoneId: null });
    // The catalog deletes P2's subject and then P2: E2 stays, without their names.
    await given(`subject-${S2}`, 'SubjectDeleted', { subjectId: S2 });
    await given(`program-${P2}`, 'ProgramDeleted', { programId: P2 });
    await buildProjectionInto(t.db.pool, enrollmentProjection, ENROLLMENT_PROJECTION, t.store);
  });

  it('shows an enrollment with its student, program and subject, and blanks for the ones gone', async () => {
    expect(await readEnrollment(E1)).toEqual({
      id: E1,
      code: 'ENR-2026-0001',
      studentId: ANN,
      studentName: 'Ann Lee',
      studentEmail: 'ann@example.com',
      programId: P1,
      programName: 'Web',
      programType: 'daytime',
      programDescription: 'HTML',
      subjectId: S1,
      subjectName: 'Cohort A',
      status: 'active',
      currentWeek: 2,
      enrolledAt: '2026-01-01T00:00:07.000Z',
      activatedAt: '2026-01-06T00:00:00.000Z',
      completedAt: null,
      version: 3,
    });
    expect(await readEnrollment(E2)).toMatchObject({ programId: P2, programName: '', programType: 'evening', programDescription: '', subjectId: S2, subjectName: '', studentName: 'Ann Lee' });
    await expect(readEnrollment('00000000-0000-4000-8000-0000000000ff')).rejects.toMatchObject(notFound);
    await expect(readEnrollment('not-a-uuid')).rejects.toMatchObject(notFound);
    // A student reads only their own: another's is not found, as if it did not exist.
    expect((await readEnrollment(E1, { userId: ANN, role: 'student' })).id).toBe(E1);
    await expect(readEnrollment(E1, { userId: TEA, role: 'student' })).rejects.toMatchObject(notFound);
  });

  it('lists newest first, counts by status, and finds the most recently activated of a student', async () => {
    expect((await readEnrollments()).map((e) => e.code)).toEqual(['ENR-2026-0003', 'ENR-2026-0002', 'ENR-2026-0001']);
    expect(await readEnrollmentCounts()).toEqual({ pending: 0, active: 2, completed: 0, dropped: 1 });
    expect((await readActiveEnrollment(ANN))?.id).toBe(E1);
    expect(await readActiveEnrollment(TEA)).toBeNull();
  });

  it("reads enroll's and the CSV import's preconditions", async () => {
    expect(await readEnrollFacts(t.em, { studentId: ANN, programId: P1, subjectId: S1 })).toEqual({ studentIsLive: true, programExists: true, subjectInProgram: true });
    expect(await readEnrollFacts(t.em, { studentId: TEA, programId: P2, subjectId: S1 })).toEqual({ studentIsLive: false, programExists: false, subjectInProgram: false });
    const k = await readImportKnowledge(t.em);
    const byId = <T extends { id: string }>(a: T[]) => [...a].sort((x, y) => x.id.localeCompare(y.id));
    expect(byId(k.people)).toEqual([
      { id: ANN, role: 'student', email: 'ann@example.com' },
      { id: TEA, role: 'teacher', email: 'tea@example.com' },
    ]);
    expect(k.programs).toEqual([{ id: P1, name: 'Web' }]);
    expect(k.subjects).toEqual([{ id: S1, program_id: P1, name: 'Cohort A' }]);
    expect([...k.unfinished].sort((x, y) => x.program_id.localeCompare(y.program_id))).toEqual([
      { student_id: ANN, program_id: P1 },
      { student_id: ANN, program_id: P2 },
    ]);
  });
});
