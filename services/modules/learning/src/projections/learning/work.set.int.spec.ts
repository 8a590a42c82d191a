// The set of `work` (ADR 0035): what its events leave one at a time (runs of one event, `eventByEvent`),
// and that a batch of every size leaves the same tables. The log mixes what a fold must get right: a new
// attempt replacing a row and its grade (in the same batch and a row of an earlier batch), grades before
// and after a new attempt, a grade of a replaced attempt (it must not land), other tables' events in
// between, a deleted student (a handler that writes `work`, so the run before it is written first), and
// an attempt id reused on another item (a grade reaches only its item's row). Extensions granted and
// revoked (handlers that write `work`) judge the student's latest attempt again (ADR 0041).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { learningProjection } from './learning.projection.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [PROGRAM, SUBJECT, WEEK, T1, T2, CAPSTONE, A, B, TEACHER, ENROLLMENT, ENROLLMENT_B] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(id);

const spec = projectionSpec(() => learningProjection, 'learning_work');

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

describe('learning work', () => {
  it("keeps each student's latest attempt at each item and its grade; a batch of every size leaves the same", async () => {
    const reference = await spec.given(log, { eventByEvent: true });
    const expected = await reference.tables();
    for (const batchSize of [1, 2, 3, 5, 8, 13, 2000]) {
      expect({ batchSize, tables: await (await spec.given(log, { batchSize })).tables() }).toEqual({ batchSize, tables: expected });
    }
    // A-T1's attempt 104 took T1's last grade; the capstone's attempt 104 is not T1's: T1's grade leaves it ungraded.
    expect(await reference.rows('SELECT student_id, item_id, submission_id, attempt, late, grade_status, score::float AS score, feedback, notes FROM work ORDER BY student_id, item_id')).toEqual([
      { student_id: A, item_id: T1, submission_id: id(104), attempt: 2, late: true, grade_status: 'failed', score: 33, feedback: 'feedback 104 failed', notes: 'notes 104' },
      { student_id: A, item_id: T2, submission_id: id(109), attempt: 3, late: true, grade_status: null, score: null, feedback: null, notes: 'notes 109' },
      { student_id: A, item_id: CAPSTONE, submission_id: id(104), attempt: 2, late: true, grade_status: null, score: null, feedback: null, notes: 'notes 104' },
      { student_id: B, item_id: T2, submission_id: id(108), attempt: 1, late: false, grade_status: 'passed', score: 60, feedback: 'feedback 108 passed', notes: 'notes 108' },
    ]);
  });
});

describe('learning work judged again by an extension', () => {
  const T3 = id(12);
  const DUE = '2026-01-10T00:00:00.000Z';
  const attempt = (student: string, submission: number, n: number, at: string, dueAt: string): GivenEvent => ({
    ...submit(student, T3, submission, n),
    data: { submissionId: id(submission), studentId: student, kind: 'task', itemId: T3, weekId: WEEK, subjectId: SUBJECT, programId: PROGRAM, githubUrl: `https://github.com/a/${submission}`, attempt: n, late: true, dueAt },
    occurredAt: at,
  });
  const ids = (student: string) => ({ studentId: student, itemId: T3, kind: 'task', subjectId: SUBJECT, teacherId: TEACHER });
  const grant = (student: string, dueAt: string): GivenEvent => event(`extension-${student}-${T3}`, 'ExtensionGranted', { ...ids(student), dueAt }, { personal: { subjectId: student, data: { reason: 'Ill' } } });
  const revoke = (student: string): GivenEvent => event(`extension-${student}-${T3}`, 'ExtensionRevoked', ids(student));
  const extensionLog: GivenEvent[] = [
    ...log.slice(0, 3),
    event(`week-${WEEK}`, 'TaskAdded', { weekId: WEEK, taskId: T3, dayNumber: 2, title: 'Three', description: '', instructions: '', dueAt: DUE }),
    attempt(A, 201, 1, '2026-01-11T00:00:00.000Z', DUE),
    attempt(B, 203, 1, '2026-01-11T00:00:00.000Z', DUE),
    grant(A, '2026-01-12T00:00:00.000Z'),
    attempt(A, 202, 2, '2026-01-13T00:00:00.000Z', '2026-01-12T00:00:00.000Z'),
    grant(A, '2026-01-14T00:00:00.000Z'),
  ];
  const lateOf = async (events: GivenEvent[]) => {
    const reference = await spec.given(events, { eventByEvent: true });
    const expected = await reference.tables();
    for (const batchSize of [1, 2, 3, 5, 8]) {
      expect({ batchSize, tables: await (await spec.given(events, { batchSize })).tables() }).toEqual({ batchSize, tables: expected });
    }
    return reference.rows('SELECT student_id, submission_id, late FROM work WHERE item_id = $1 ORDER BY student_id', [T3]);
  };

  it('a grant turns the latest attempt on time, one of the run before it too; a revoke judges it against the item’s due date again', async () => {
    expect(await lateOf(extensionLog)).toEqual([
      { student_id: A, submission_id: id(202), late: false },
      { student_id: B, submission_id: id(203), late: true },
    ]);
    expect(await lateOf([...extensionLog, revoke(A)])).toEqual([
      { student_id: A, submission_id: id(202), late: true },
      { student_id: B, submission_id: id(203), late: true },
    ]);
  });
});
