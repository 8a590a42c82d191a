// The set of `submissions` (ADR 0035): what its events leave one at a time (runs of one event,
// `eventByEvent`), and that a batch of every size leaves the same tables. The log mixes what a fold must
// get right: new attempts taking `latest` from earlier ones (in the same batch and from rows of earlier
// batches), grades before and after a new attempt, a grade of a superseded attempt, CapstonePassed
// moving the stream's version, other tables' events in between, a deleted student (a handler that writes
// `submissions`, so the run before it is written first), and an attempt id seen twice (a new run starts
// at it, and its INSERT finds the row). Extensions granted and revoked (handlers that write `submissions`)
// judge the (student, item)'s attempts again, those of the run collected before them too (ADR 0041).
// Grades with a rubric (issue 30 §2) carry their breakdown in the same fold (the set writes `rubric`).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { gradingProjection } from './grading.projection.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [PROGRAM, SUBJECT, WEEK, T1, T2, CAPSTONE, A, B, TEACHER, ENROLLMENT, ENROLLMENT_B] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(id);

const spec = projectionSpec(() => gradingProjection, 'grading_submissions');

const stream = (student: string, item: string) => `work-${student}-${item}`;
const submit = (student: string, item: string, submission: number, attempt: number, kind = 'task'): GivenEvent =>
  event(
    stream(student, item),
    'WorkSubmitted',
    { submissionId: id(submission), studentId: student, kind, itemId: item, weekId: WEEK, subjectId: SUBJECT, programId: PROGRAM, githubUrl: `https://github.com/a/${submission}`, attempt, late: attempt > 1, dueAt: attempt > 1 ? '2026-02-01T10:00:00.123456Z' : null },
    { personal: { subjectId: student, data: { notes: `notes ${submission}` } } },
  );
const grade = (student: string, item: string, submission: number, status: string, score: number | null, kind = 'task'): GivenEvent =>
  event(
    stream(student, item),
    'SubmissionGraded',
    { submissionId: id(submission), studentId: student, kind, itemId: item, weekId: WEEK, subjectId: SUBJECT, teacherId: TEACHER, attempt: 1, score, status, previous: null },
    { personal: { subjectId: student, data: { feedback: `feedback ${submission} ${status}`, previousFeedback: null } } },
  );

const log0 = (): GivenEvent[] => log.slice(0, 7);
const log: GivenEvent[] = [
  event(`program-${PROGRAM}`, 'ProgramCreated', { programId: PROGRAM, name: 'Evening', type: 'evening', description: '' }),
  event(`subject-${SUBJECT}`, 'SubjectCreated', { subjectId: SUBJECT, programId: PROGRAM, name: 'Web', weekNumber: null, description: '' }),
  event(`week-${WEEK}`, 'WeekCreated', { weekId: WEEK, subjectId: SUBJECT, weekNumber: 1, title: 'Basics', objectives: '' }),
  event(`week-${WEEK}`, 'TaskAdded', { weekId: WEEK, taskId: T1, dayNumber: 1, title: 'One', description: '', instructions: '', dueAt: null }),
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
  event(`enrollment-${ENROLLMENT}`, 'EnrollmentStatusChanged', { enrollmentId: ENROLLMENT, status: 'active', previousStatus: 'pending', activatedAt: '2026-01-01T00:00:00.000Z' }),
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
  grade(A, T2, 106, 'passed', 77.75),
  grade(B, T2, 108, 'passed', 60),
];
/** Attempt 101 again: one at a time, its INSERT does nothing and its UPDATE takes `latest` from the stream. */
const again = submit(A, T1, 101, 3);

const BATCH_SIZES = [1, 2, 3, 5, 8, 13, 2000];
const ROWS = 'SELECT id, latest, version, status, score::float AS score, notes FROM submissions ORDER BY id';

/** The tables `events` leave one at a time, after checking that a batch of every size leaves them too. */
async function sameInEveryBatchSize(events: GivenEvent[]) {
  const reference = await spec.given(events, { eventByEvent: true });
  const expected = await reference.tables();
  for (const batchSize of BATCH_SIZES) {
    expect({ batchSize, tables: await (await spec.given(events, { batchSize })).tables() }).toEqual({ batchSize, tables: expected });
  }
  return reference;
}

describe('grading submissions', () => {
  it('keeps every attempt with its stream version, the latest of each stream and its last grade; a batch of every size leaves the same', async () => {
    const reference = await sameInEveryBatchSize(log);
    const row = (n: number, latest: boolean, version: number, status: string | null, score: number | null) => ({ id: id(n), latest, version, status, score, notes: `notes ${n}` });
    expect(await reference.rows(ROWS)).toEqual([
      row(101, false, 6, 'failed', 10),
      row(102, false, 6, 'passed', 99),
      row(104, true, 6, 'passed', 80.5),
      row(105, true, 4, 'failed', 30),
      row(106, false, 6, 'passed', 77.75),
      row(108, true, 2, 'passed', 60),
      row(109, true, 6, null, null),
    ]);
  });

  it('an attempt id seen twice inserts nothing, takes `latest` from its stream, and its later grade reaches the row', async () => {
    const reference = await sameInEveryBatchSize([...log.slice(0, 20), again, ...log.slice(20)]);
    expect((await reference.rows(ROWS)).filter((r) => [id(101), id(104)].includes(r.id as string)).map((r) => [r.id, r.latest, r.version, r.status, r.notes])).toEqual([
      [id(101), false, 7, 'failed', 'notes 101'],
      [id(104), false, 7, 'passed', 'notes 104'],
    ]);
  });
});

describe('grading submissions judged again by an extension', () => {
  const T3 = id(12);
  const DUE = '2026-01-10T00:00:00.000Z';
  const attempt = (student: string, submission: number, n: number, at: string, late: boolean, dueAt: string, extended: boolean): GivenEvent => ({
    ...submit(student, T3, submission, n),
    data: { submissionId: id(submission), studentId: student, kind: 'task', itemId: T3, weekId: WEEK, subjectId: SUBJECT, programId: PROGRAM, githubUrl: `https://github.com/a/${submission}`, attempt: n, late, dueAt, extended },
    occurredAt: at,
  });
  const ids = (student: string) => ({ studentId: student, itemId: T3, kind: 'task', subjectId: SUBJECT, teacherId: TEACHER });
  const grant = (student: string, dueAt: string): GivenEvent =>
    event(`extension-${student}-${T3}`, 'ExtensionGranted', { ...ids(student), dueAt }, { personal: { subjectId: student, data: { reason: 'Ill' } }, occurredAt: '2026-01-20T00:00:00.000Z' });
  const revoke = (student: string): GivenEvent => event(`extension-${student}-${T3}`, 'ExtensionRevoked', ids(student), { occurredAt: '2026-01-21T00:00:00.000Z' });
  const log: GivenEvent[] = [
    ...log0(),
    event(`week-${WEEK}`, 'TaskAdded', { weekId: WEEK, taskId: T3, dayNumber: 2, title: 'Three', description: '', instructions: '', dueAt: DUE }),
    attempt(A, 201, 1, '2026-01-11T00:00:00.000Z', true, DUE, false),
    grade(A, T3, 201, 'needs_revision', 50),
    attempt(B, 203, 1, '2026-01-11T00:00:00.000Z', true, DUE, false),
    grant(A, '2026-01-12T00:00:00.000Z'),
    attempt(A, 202, 2, '2026-01-13T00:00:00.000Z', true, '2026-01-12T00:00:00.000Z', true),
    grant(A, '2026-01-14T00:00:00.000Z'),
  ];
  const ROWS_LATE = "SELECT id, late, extended, (due_at AT TIME ZONE 'UTC')::text AS due_at FROM submissions WHERE item_id = $1 ORDER BY id";
  const row = (n: number, late: boolean, extended: boolean, dueAt: string) => ({ id: id(n), late, extended, due_at: dueAt });

  it('a grant turns the attempts before its date on time, in the run before it too; a batch of every size leaves the same', async () => {
    const reference = await sameInEveryBatchSize(log);
    expect(await reference.rows(ROWS_LATE, [T3])).toEqual([row(201, false, true, '2026-01-14 00:00:00'), row(202, false, true, '2026-01-14 00:00:00'), row(203, true, false, '2026-01-10 00:00:00')]);
  });

  it('a revoke judges them against the item’s due date again, only that student’s', async () => {
    const reference = await sameInEveryBatchSize([...log, revoke(A)]);
    expect(await reference.rows(ROWS_LATE, [T3])).toEqual([row(201, true, false, '2026-01-10 00:00:00'), row(202, true, false, '2026-01-10 00:00:00'), row(203, true, false, '2026-01-10 00:00:00')]);
  });
});

describe('grading submissions marked by a reply (issue 30 §3)', () => {
  const replied = (submission: number, authorRole: 'student' | 'teacher'): GivenEvent =>
    event(
      `conversation-${id(submission)}`,
      'SubmissionReplied',
      { submissionId: id(submission), studentId: A, itemId: T1, kind: 'task', subjectId: SUBJECT, authorId: authorRole === 'student' ? A : TEACHER, authorRole },
      // A fixed event id: it is the reply's row id, compared across builds.
      { personal: { subjectId: A, data: { text: `${authorRole} says` } }, id: id(authorRole === 'student' ? 401 : 402) },
    );

  it('a reply in the run of its attempt marks it awaiting while the last reply is the student’s; a batch of every size leaves the same', async () => {
    const asked = await sameInEveryBatchSize([...log0(), submit(A, T1, 301, 1), replied(301, 'student'), grade(A, T1, 301, 'passed', 90)]);
    expect(await asked.rows('SELECT id, awaiting_reply, status FROM submissions')).toEqual([{ id: id(301), awaiting_reply: true, status: 'passed' }]);
    expect(await asked.rows('SELECT seq, author_role, text FROM replies')).toEqual([{ seq: 1, author_role: 'student', text: 'student says' }]);
    const answered = await sameInEveryBatchSize([...log0(), submit(A, T1, 301, 1), replied(301, 'student'), replied(301, 'teacher')]);
    expect(await answered.rows('SELECT id, awaiting_reply FROM submissions')).toEqual([{ id: id(301), awaiting_reply: false }]);
  });
});

describe('grading submissions graded with a rubric (issue 30 §2)', () => {
  const criteria = [{ id: 'c1', title: 'Markup', description: '', levels: [{ label: 'Good', points: 2, description: '' }, { label: 'Missing', points: 0, description: '' }] }];
  const rubricSet = (version: number): GivenEvent => event(`rubric-${T1}`, 'RubricSet', { itemId: T1, subjectId: SUBJECT, teacherId: TEACHER, version, kind: 'levels', criteria });
  const withRubric = (submission: number, version: number, level: number, comment: string | null): GivenEvent => {
    const plain = grade(A, T1, submission, 'passed', level === 0 ? 100 : 0);
    const rubric = { version, criteria: [{ criterionId: 'c1', title: 'Markup', level, label: level === 0 ? 'Good' : 'Missing', points: level === 0 ? 2 : 0, maxPoints: 2 }] };
    const personal = { feedback: 'f', previousFeedback: null, ...(comment === null ? {} : { criterionComments: { c1: comment } }) };
    return { ...plain, data: { ...(plain.data as Record<string, unknown>), rubric }, personal: { subjectId: A, data: personal } };
  };
  const ROWS_RUBRIC = 'SELECT id, score::float AS score, rubric FROM submissions ORDER BY id';
  const breakdown = (version: number, level: string, points: number, comment: string) => ({ version, criteria: [{ criterionId: 'c1', title: 'Markup', level, points, maxPoints: 2, comment }] });

  it('keeps the latest grade’s breakdown (a grade without one clears it), its version and comments, in the run of its attempt too; a batch of every size leaves the same', async () => {
    const reference = await sameInEveryBatchSize([
      ...log0(),
      rubricSet(1),
      submit(A, T1, 501, 1),
      withRubric(501, 1, 1, 'Add headings'),
      submit(A, T2, 502, 1),
      rubricSet(2),
      withRubric(501, 2, 0, null),
      grade(A, T2, 502, 'passed', 70),
      submit(B, T1, 503, 1),
    ]);
    expect(await reference.rows(ROWS_RUBRIC)).toEqual([
      { id: id(501), score: 100, rubric: breakdown(2, 'Good', 2, '') },
      { id: id(502), score: 70, rubric: null },
      { id: id(503), score: null, rubric: null },
    ]);
    expect(await reference.rows('SELECT version FROM rubrics ORDER BY version')).toEqual([{ version: 1 }, { version: 2 }]);
    const first = await sameInEveryBatchSize([...log0(), submit(A, T1, 501, 1), withRubric(501, 1, 1, 'Add headings')]);
    expect(await first.rows(ROWS_RUBRIC)).toEqual([{ id: id(501), score: 0, rubric: breakdown(1, 'Missing', 0, 'Add headings') }]);
  });
});
