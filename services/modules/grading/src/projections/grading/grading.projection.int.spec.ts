// The grading read model from given events, against real Postgres (libs/testing projectionSpec):
// grading's own attempts and grades, and the other contexts' published events it keeps, including
// enrollment's EnrollmentWeekAdvanced stored at v1 and read as v2 (ADR 0017).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec } from '@academy/testing/projection';
import { gradingProjection } from './grading.projection.js';

const PROGRAM = '00000000-0000-4000-8000-0000000000f1';
const SUBJECT = '00000000-0000-4000-8000-0000000000f2';
const WEEK = '00000000-0000-4000-8000-0000000000f3';
const TASK = '00000000-0000-4000-8000-0000000000f4';
const STUDENT = '00000000-0000-4000-8000-0000000000f5';
const TEACHER = '00000000-0000-4000-8000-0000000000f6';
const ENROLLMENT = '00000000-0000-4000-8000-0000000000f7';
const SUBMISSION_1 = '00000000-0000-4000-8000-0000000000f8';
const SUBMISSION_2 = '00000000-0000-4000-8000-0000000000f9';

const spec = projectionSpec(() => gradingProjection, 'grading_projection');
const work = `work-${STUDENT}-${TASK}`;
const enrollment = `enrollment-${ENROLLMENT}`;
const context = [
  event(`program-${PROGRAM}`, 'ProgramCreated', { programId: PROGRAM, name: 'Evening', type: 'evening', description: '' }),
  event(`subject-${SUBJECT}`, 'SubjectCreated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web', weekNumber: null, description: '' }),
  event(`week-${WEEK}`, 'WeekCreated', { weekId: WEEK, subjectId: SUBJECT, weekNumber: 1, title: 'Basics', objectives: '' }),
  event(`week-${WEEK}`, 'TaskAdded', { weekId: WEEK, taskId: TASK, dayNumber: 1, title: 'Hello', description: '', instructions: '', dueAt: null }),
  event(`week-${WEEK}`, 'TasksReordered', { weekId: WEEK, order: [{ taskId: TASK, dayNumber: 3 }] }),
  event(enrollment, 'StudentEnrolled', { enrollmentId: ENROLLMENT, code: 'ENR-2026-0001', studentId: STUDENT, programId: PROGRAM, subjectId: SUBJECT }),
  event(enrollment, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'active', previousStatus: 'pending', activatedAt: '2026-01-01T00:00:00.000Z' }),
];
const submitted = (submissionId: string, attempt: number) =>
  event(
    work,
    'WorkSubmitted',
    { submissionId, studentId: STUDENT, kind: 'task', itemId: TASK, weekId: WEEK, subjectId: SUBJECT, programId: PROGRAM, githubUrl: 'https://github.com/a/b', attempt, late: false, dueAt: null, title: 'Hello', teacherIds: [TEACHER] },
    { personal: { subjectId: STUDENT, data: { notes: `attempt ${attempt}` } } },
  );
const graded = (submissionId: string, status: string, score: number | null) =>
  event(
    work,
    'SubmissionGraded',
    { submissionId, studentId: STUDENT, kind: 'task', itemId: TASK, weekId: WEEK, subjectId: SUBJECT, teacherId: TEACHER, attempt: 1, score, status, previous: null, title: 'Hello' },
    { personal: { subjectId: STUDENT, data: { feedback: 'again', previousFeedback: null } } },
  );

describe('grading projection', () => {
  it('keeps every attempt, marks the latest, and its grade', async () => {
    const t = await spec.given([...context, submitted(SUBMISSION_1, 1), graded(SUBMISSION_1, 'needs_revision', 40), submitted(SUBMISSION_2, 2)]);
    expect(await t.rows('SELECT id, attempt, latest, status, pending, notes, version FROM submissions ORDER BY attempt')).toEqual([
      { id: SUBMISSION_1, attempt: 1, latest: false, status: 'needs_revision', pending: false, notes: 'attempt 1', version: 3 },
      { id: SUBMISSION_2, attempt: 2, latest: true, status: null, pending: true, notes: 'attempt 2', version: 3 },
    ]);
    expect(await t.rows('SELECT title, day_number FROM items')).toEqual([{ title: 'Hello', day_number: 3 }]);
  });

  it("reads enrollment's EnrollmentWeekAdvanced stored at v1 as v2 on a replay", async () => {
    const t = await spec.given([
      ...context,
      event(enrollment, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, week: 2, capstoneId: TASK }, { legacyVersion: 1 }),
      event(enrollment, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, week: 3 }, { legacyVersion: 1 }),
    ]);
    expect(await t.rows('SELECT status, current_week FROM enrollments')).toEqual([{ status: 'active', current_week: 3 }]);
    const next = await t.andThen([event(enrollment, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, currentWeek: 4, capstoneId: null })]);
    expect(await next.rows('SELECT current_week FROM enrollments')).toEqual([{ current_week: 4 }]);
  });

  it("keeps enrollments as enrollment publishes them (libs/backend's replica): a change keeps an activation it does not give, a change before the enrollment hits nothing", async () => {
    const LATER = '00000000-0000-4000-8000-0000000000fa';
    const later = `enrollment-${LATER}`;
    const t = await spec.given([
      ...context,
      event(enrollment, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'dropped', previousStatus: 'active' }),
      event(enrollment, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, currentWeek: 2, capstoneId: null }),
      event(later, 'EnrollmentWeekAdvanced', { enrollmentId: LATER, currentWeek: 4, capstoneId: null }),
      event(later, 'EnrollmentStatusChanged', { enrollmentId: LATER, status: 'active', previousStatus: 'pending', activatedAt: '2026-01-02T00:00:00.123456Z' }),
      event(later, 'StudentEnrolled', { enrollmentId: LATER, code: 'ENR-2026-0002', studentId: STUDENT, programId: PROGRAM, subjectId: SUBJECT }),
      event(later, 'StudentEnrolled', { enrollmentId: LATER, code: 'ENR-2026-0002', studentId: TEACHER, programId: PROGRAM, subjectId: SUBJECT }),
    ]);
    expect(await t.rows(`SELECT id, student_id, status, current_week, enrolled_at, activated_at FROM enrollments ORDER BY id`)).toEqual([
      { id: ENROLLMENT, student_id: STUDENT, status: 'dropped', current_week: 2, enrolled_at: new Date('2026-01-01T00:00:05Z'), activated_at: new Date('2026-01-01T00:00:00Z') },
      { id: LATER, student_id: STUDENT, status: 'pending', current_week: 1, enrolled_at: new Date('2026-01-01T00:00:11Z'), activated_at: null },
    ]);
  });

  it('a deleted student takes their submissions and enrollments along', async () => {
    const t = await spec.given([...context, submitted(SUBMISSION_1, 1), event(`user-${STUDENT}`, 'UserDeleted', { userId: STUDENT })]);
    expect(await t.rows('SELECT id FROM submissions')).toEqual([]);
    expect(await t.rows('SELECT id FROM enrollments')).toEqual([]);
  });
});
