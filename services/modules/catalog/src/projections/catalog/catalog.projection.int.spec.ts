// The catalog read model from given events, against real Postgres (libs/testing projectionSpec).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec } from '@academy/testing/projection';
import { catalogProjection } from './catalog.projection.js';

const PROGRAM = '00000000-0000-4000-8000-0000000000b1';
const SUBJECT = '00000000-0000-4000-8000-0000000000b2';
const TEACHER = '00000000-0000-4000-8000-0000000000b3';
const ASSIGNMENT = '00000000-0000-4000-8000-0000000000b4';
const STUDENT = '00000000-0000-4000-8000-0000000000b5';
const ENROLLMENT = '00000000-0000-4000-8000-0000000000b6';
const OTHER = '00000000-0000-4000-8000-0000000000b7';

const spec = projectionSpec(() => catalogProjection, 'catalog_projection');

const given = [
  event(`user-${TEACHER}`, 'UserRegistered', { userId: TEACHER, role: 'teacher' }, { personal: { subjectId: TEACHER, data: { email: 't@example.com', fullName: 'Tess' } } }),
  event(`program-${PROGRAM}`, 'ProgramCreated', { programId: PROGRAM, name: 'Evening', type: 'evening', description: 'd' }),
  event(`program-${PROGRAM}`, 'ProgramUpdated', { programId: PROGRAM, name: 'Evening School', type: 'evening', description: 'd2' }),
  event(`subject-${SUBJECT}`, 'SubjectCreated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web', weekNumber: 3, description: '' }),
  event(`teacher-assignment-${ASSIGNMENT}`, 'TeacherAssigned', { assignmentId: ASSIGNMENT, teacherId: TEACHER, subjectId: SUBJECT }),
];

describe('catalog projection', () => {
  it('keeps programs, subjects and who teaches them', async () => {
    const t = await spec.given(given);
    expect(await t.rows('SELECT name, description FROM programs')).toEqual([{ name: 'Evening School', description: 'd2' }]);
    expect(await t.rows('SELECT teacher_id, subject_id FROM assignments')).toEqual([{ teacher_id: TEACHER, subject_id: SUBJECT }]);
  });

  it("a teacher who is no longer a teacher (identity's RoleAssigned) loses their assignments", async () => {
    const t = await spec.given([...given, event(`user-${TEACHER}`, 'RoleAssigned', { userId: TEACHER, role: 'student', previousRole: 'teacher' })]);
    expect(await t.rows('SELECT id FROM assignments')).toEqual([]);
  });

  it('keeps people from identity (email trimmed and lower-cased, renamed, erased fields null) and each enrollment once', async () => {
    const t = await spec.given([
      event(`user-${TEACHER}`, 'UserRegistered', { userId: TEACHER, role: 'teacher' }, { personal: { subjectId: TEACHER, data: { email: ' Tess@Example.COM ', fullName: 'Tess' } } }),
      event(`user-${STUDENT}`, 'UserRegistered', { userId: STUDENT, role: 'student' }, { personal: { subjectId: STUDENT, data: { email: 's@example.com', fullName: 'Stu' } } }),
      event(`user-${STUDENT}`, 'ProfileCompleted', { userId: STUDENT }, { personal: { subjectId: STUDENT, data: { fullName: 'Stu Dent' } } }),
      // No name in it: the name stays.
      event(`user-${STUDENT}`, 'StudentContactUpdated', { userId: STUDENT }, { personal: { subjectId: STUDENT, data: {} } }),
      // Registered without its personal part (an erased person): a role, no name or address.
      event(`user-${OTHER}`, 'UserRegistered', { userId: OTHER, role: 'teacher' }),
      given[1],
      given[3],
      event(`enrollment-${ENROLLMENT}`, 'StudentEnrolled', { enrollmentId: ENROLLMENT, code: 'ENR-2026-0001', studentId: STUDENT, programId: PROGRAM, subjectId: SUBJECT }),
      // The same enrollment again (a replayed publication) is kept once.
      event(`enrollment-${ENROLLMENT}`, 'StudentEnrolled', { enrollmentId: ENROLLMENT, code: 'ENR-2026-0001', studentId: STUDENT, programId: PROGRAM, subjectId: SUBJECT }),
    ]);
    expect(await t.rows('SELECT id, role, full_name, email FROM people ORDER BY id')).toEqual([
      { id: TEACHER, role: 'teacher', full_name: 'Tess', email: 'tess@example.com' },
      { id: STUDENT, role: 'student', full_name: 'Stu Dent', email: 's@example.com' },
      { id: OTHER, role: 'teacher', full_name: null, email: null },
    ]);
    expect(await t.rows('SELECT id, student_id, program_id, subject_id FROM enrollments')).toEqual([{ id: ENROLLMENT, student_id: STUDENT, program_id: PROGRAM, subject_id: SUBJECT }]);
    expect(await t.rows('SELECT id, program_id, name, week_number, description, created_at FROM subjects')).toEqual([
      { id: SUBJECT, program_id: PROGRAM, name: 'Web', week_number: 3, description: '', created_at: new Date('2026-01-01T00:00:06.000Z') },
    ]);
  });

  it('assigns only a live teacher, once per assignment id; unassigning, deleting and UserDeleted remove rows', async () => {
    const t = await spec.given([
      ...given,
      // The same assignment id again keeps the first.
      event(`teacher-assignment-${ASSIGNMENT}`, 'TeacherAssigned', { assignmentId: ASSIGNMENT, teacherId: TEACHER, subjectId: PROGRAM }),
      event(`user-${STUDENT}`, 'UserRegistered', { userId: STUDENT, role: 'student' }, { personal: { subjectId: STUDENT, data: { email: 's@example.com', fullName: 'Stu' } } }),
      // Not a teacher: no row.
      event(`teacher-assignment-${OTHER}`, 'TeacherAssigned', { assignmentId: OTHER, teacherId: STUDENT, subjectId: SUBJECT }),
      event(`enrollment-${ENROLLMENT}`, 'StudentEnrolled', { enrollmentId: ENROLLMENT, code: 'ENR-2026-0001', studentId: STUDENT, programId: PROGRAM, subjectId: SUBJECT }),
    ]);
    expect(await t.rows('SELECT id, teacher_id, subject_id, assigned_at FROM assignments')).toEqual([
      { id: ASSIGNMENT, teacher_id: TEACHER, subject_id: SUBJECT, assigned_at: new Date('2026-01-01T00:00:04.000Z') },
    ]);
    const after = await t.andThen([
      event(`user-${STUDENT}`, 'UserDeleted', { userId: STUDENT, emailLookup: null }),
      event(`teacher-assignment-${ASSIGNMENT}`, 'TeacherUnassigned', { assignmentId: ASSIGNMENT, teacherId: TEACHER, subjectId: SUBJECT }),
      event(`subject-${SUBJECT}`, 'SubjectDeleted', { subjectId: SUBJECT }),
      event(`program-${PROGRAM}`, 'ProgramDeleted', { programId: PROGRAM }),
    ]);
    expect(await after.rows('SELECT id FROM people')).toEqual([{ id: TEACHER }]);
    for (const table of ['enrollments', 'assignments', 'subjects', 'programs']) expect(await after.rows(`SELECT id FROM ${table}`)).toEqual([]);
  });

  it('UserDeleted of a teacher removes their assignments', async () => {
    const t = await spec.given([...given, event(`user-${TEACHER}`, 'UserDeleted', { userId: TEACHER, emailLookup: null })]);
    expect(await t.rows('SELECT id FROM people')).toEqual([]);
    expect(await t.rows('SELECT id FROM assignments')).toEqual([]);
  });
});
