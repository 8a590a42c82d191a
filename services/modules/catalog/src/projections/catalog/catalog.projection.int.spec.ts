// The catalog read model from given events, against real Postgres (libs/testing projectionSpec).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec } from '@academy/testing/projection';
import { catalogProjection } from './catalog.projection.js';

const PROGRAM = '00000000-0000-4000-8000-0000000000b1';
const SUBJECT = '00000000-0000-4000-8000-0000000000b2';
const TEACHER = '00000000-0000-4000-8000-0000000000b3';
const ASSIGNMENT = '00000000-0000-4000-8000-0000000000b4';

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
});
