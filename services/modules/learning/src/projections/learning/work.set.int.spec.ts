// The set handler of `work` (ADR 0035) against the events applied one by one (its reference,
// `workHandlers`): the same log, built in batches of every size, leaves the same tables. The log mixes
// what a fold must get right: a new attempt replacing a row and its grade (in the same batch and a row
// of an earlier batch), grades before and after a new attempt, a grade of a replaced attempt (it must
// not land), other tables' events in between, a deleted student (the one event that flushes a run),
// and an attempt id reused on another item (the UPDATE by (student, submission) hits both rows).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { learningProjection } from './learning.projection.js';
import { workHandlers } from './work.set.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [PROGRAM, SUBJECT, WEEK, T1, T2, CAPSTONE, A, B, TEACHER, ENROLLMENT, ENROLLMENT_B] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(id);

const sets = projectionSpec(() => learningProjection, 'learning_sets');
const oneByOne = projectionSpec(() => ({ ...learningProjection, sets: [], handlers: { ...learningProjection.handlers, ...workHandlers } }), 'learning_one_by_one');

const stream = (student: string, item: string) => `work-${student}-${item}`;
const submit = (student: string, item: string, submission: number, attempt: number, kind = 'task'): GivenEvent =>
  event(
    stream(student, item),
    'WorkSubmitted',
    { submissionId: id(submission), studentId: student, kind, itemId: item, weekId: WEEK, subjectId: SUBJECT, programId: PROGRAM, githubUrl: `https://github.com/a/${submission}`, attempt, late: attempt > 1, dueAt: null },
    { personal: { subjectId: student, data: { notes: `notes ${submission}` } } },
  );
const grade = (student: string, item: string, submission: number, status: string, score: number | null, kind = 'task'): GivenEvent =>
  event(
    stream(student, item),
    'SubmissionGraded',
    { submissionId: id(submission), studentId: student, kind, itemId: item, weekId: WEEK, subjectId: SUBJECT, teacherId: TEACHER, attempt: 1, score, status, previous: null },
    { personal: { subjectId: student, data: { feedback: `feedback ${submission} ${status}`, previousFeedback: null } } },
  );

const log: GivenEvent[] = [
  event(`program-${PROGRAM}`, 'ProgramCreated', { programId: PROGRAM, name: 'Evening', type: 'evening', description: '' }),
  event(`subject-${SUBJECT}`, 'SubjectCreated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web', weekNumber: null, description: '' }),
  event(`week-${WEEK}`, 'WeekCreated', { weekId: WEEK, subjectId: SUBJECT, weekNumber: 1, title: 'Basics', objectives: '' }),
  event(`enrollment-${ENROLLMENT}`, 'StudentEnrolled', { enrollmentId: ENROLLMENT, code: 'ENR-2026-0001', studentId: A, programId: PROGRAM, subjectId: SUBJECT }),
  event(`enrollment-${ENROLLMENT_B}`, 'StudentEnrolled', { enrollmentId: ENROLLMENT_B, code: 'ENR-2026-0002', studentId: B, programId: PROGRAM, subjectId: SUBJECT }),
  event(`enrollment-${ENROLLMENT_B}`, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT_B, status: 'active', previousStatus: 'pending', activatedAt: '2026-01-02T00:00:00.123456Z' }),
  submit(A, T1, 101, 1),
  event(`enrollment-${ENROLLMENT_B}`, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT_B, status: 'dropped', previousStatus: 'active' }),
  event(`enrollment-${ENROLLMENT_B}`, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT_B, currentWeek: 2, capstoneId: null }),
  event(`enrollment-${ENROLLMENT_B}`, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT_B, currentWeek: 3, capstoneId: null }),
  grade(A, T1, 101, 'needs_revision', 40.25),
  submit(A, T2, 102, 1),
  submit(B, T1, 103, 1),
  submit(A, T1, 104, 2),
  grade(A, T1, 104, 'pending', null),
  event(`week-${WEEK}`, 'TaskAdded', { weekId: WEEK, taskId: T1, dayNumber: 1, title: 'One', description: '', instructions: '', dueAt: null }),
  grade(A, T1, 104, 'passed', 80.5),
  submit(A, CAPSTONE, 105, 1, 'capstone'),
  grade(A, CAPSTONE, 105, 'passed', 90, 'capstone'),
  event(stream(A, CAPSTONE), 'CapstonePassed', { studentId: A, capstoneId: CAPSTONE, submissionId: id(105), weekId: WEEK, subjectId: SUBJECT, programId: PROGRAM }),
  grade(A, T1, 101, 'failed', 10),
  grade(A, T2, 102, 'needs_revision', 55),
  grade(B, T1, 103, 'failed', 12.5),
  submit(A, T2, 106, 2),
  event(`enrollment-${ENROLLMENT}`, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, currentWeek: 2, capstoneId: CAPSTONE }),
  grade(A, T2, 102, 'passed', 99),
  submit(B, T1, 107, 2),
  event(`user-${B}`, 'UserDeleted', { userId: B }),
  submit(B, T2, 108, 1),
  event(`enrollment-${ENROLLMENT_B}`, 'StudentEnrolled', { enrollmentId: ENROLLMENT_B, code: 'ENR-2026-0002', studentId: B, programId: PROGRAM, subjectId: SUBJECT }),
  event(`enrollment-${ENROLLMENT}`, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'active', previousStatus: 'dropped', activatedAt: '2026-01-03T00:00:00.654321Z' }),
  submit(A, T2, 109, 3),
  event(`enrollment-${ENROLLMENT}`, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'dropped', previousStatus: 'active' }),
  event(`enrollment-${ENROLLMENT}`, 'EnrollmentWeekAdvanced', { enrollmentId: ENROLLMENT, currentWeek: 3, capstoneId: null }),
  grade(A, CAPSTONE, 105, 'failed', 30, 'capstone'),
  // Attempt id 104 again, on another item: a grade of it (its stream names the item) reaches only that item's row.
  submit(A, CAPSTONE, 104, 2, 'capstone'),
  grade(A, T1, 104, 'failed', 33),
  grade(A, T2, 106, 'passed', 77.75),
  grade(B, T2, 108, 'passed', 60),
];

describe('learning work a batch at a time', () => {
  it('leaves the tables the events one by one leave, in batches of every size', async () => {
    const expected = await (await oneByOne.given(log)).tables();
    expect(expected.work.length).toBe(4);
    // The capstone's attempt 104 is not T1's attempt 104: T1's grade leaves it ungraded.
    const rowOf = (item: string) => (expected.work as { row: { student_id: string; item_id: string; submission_id: string; grade_status: string | null } }[]).find((r) => r.row.student_id === A && r.row.item_id === item)!.row;
    expect([rowOf(CAPSTONE).submission_id, rowOf(CAPSTONE).grade_status]).toEqual([id(104), null]);
    for (const batchSize of [1, 2, 3, 5, 8, 13, 2000]) {
      expect({ batchSize, tables: await (await sets.given(log, { batchSize })).tables() }).toEqual({ batchSize, tables: expected });
    }
  });

});
