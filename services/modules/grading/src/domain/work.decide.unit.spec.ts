// given events / when command / then events (ARCHITECTURE.md §9): submissions, grades, CapstonePassed.
import { EXTENSION_MESSAGES, GRADING_MESSAGES, type GradeStatus } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { type ItemFacts, type WorkCommand, workDecider, type WorkEvent } from './work.js';

const work = deciderSpec(workDecider);

const capstone: ItemFacts = { kind: 'capstone', itemId: 'cap1', weekId: 'w1', subjectId: 's1', programId: 'p1', dueAt: '2026-11-30T00:00:00.000Z', latePolicy: 'accept', published: true };
const task: ItemFacts = { ...capstone, kind: 'task', itemId: 'task1' };

/** The commit read at submission. */
const PINNED = { sha: 'a'.repeat(40), readAt: '2026-11-29T00:00:00.000Z' };

const submit = (submissionId: string, o: Partial<Extract<WorkCommand, { type: 'SubmitWork' }>> = {}): WorkCommand => ({
  type: 'SubmitWork',
  submissionId,
  studentId: 'st1',
  kind: 'capstone',
  item: capstone,
  enrolled: true,
  githubUrl: 'https://github.com/ada/portfolio',
  notes: 'my notes',
  now: '2026-11-29T00:00:00.000Z',
  commit: PINNED,
  extension: null,
  ...o,
});
const grade = (submissionId: string, status: GradeStatus, score: number | null = 80, feedback = 'ok'): WorkCommand => ({ type: 'GradeSubmission', submissionId, teacherId: 't1', score, status, feedback });

/** The WorkSubmitted of attempt `attempt` at `item` (notes in the student's personal part). */
const submitted = (submissionId: string, attempt: number, o: { item?: ItemFacts; late?: boolean; commit?: typeof PINNED | null; extendedTo?: string } = {}): WorkEvent => {
  const item = o.item ?? capstone;
  return {
    type: 'WorkSubmitted',
    data: {
      submissionId,
      studentId: 'st1',
      kind: item.kind,
      itemId: item.itemId,
      weekId: 'w1',
      subjectId: 's1',
      programId: 'p1',
      githubUrl: 'https://github.com/ada/portfolio',
      attempt,
      late: o.late ?? false,
      dueAt: o.extendedTo ?? item.dueAt,
      extended: o.extendedTo !== undefined,
      commit: o.commit === undefined ? PINNED : o.commit,
    },
    personal: { subjectId: 'st1', data: { notes: 'my notes' } },
  };
};
/** The SubmissionGraded of `submissionId` (feedback, and the one it replaces, in the student's personal part). */
const graded = (
  submissionId: string,
  attempt: number,
  to: { score: number | null; status: GradeStatus; feedback: string },
  from: { score: number | null; status: GradeStatus; feedback: string } | null = null,
  item: ItemFacts = capstone,
): WorkEvent => ({
  type: 'SubmissionGraded',
  data: {
    submissionId,
    studentId: 'st1',
    kind: item.kind,
    itemId: item.itemId,
    weekId: 'w1',
    subjectId: 's1',
    teacherId: 't1',
    attempt,
    score: to.score,
    status: to.status,
    previous: from ? { score: from.score, status: from.status } : null,
  },
  personal: { subjectId: 'st1', data: { feedback: to.feedback, previousFeedback: from?.feedback ?? null } },
});
const capstonePassed = (submissionId: string): WorkEvent => ({
  type: 'CapstonePassed',
  data: { studentId: 'st1', capstoneId: 'cap1', submissionId, weekId: 'w1', subjectId: 's1', programId: 'p1' },
});

describe('submitting', () => {
  it('records the attempt with the notes in the personal part of the student; late after the due date', () => {
    work.given().when(submit('sub1')).then([submitted('sub1', 1)]);
    work.given().when(submit('sub1', { now: '2026-12-01T00:00:00.000Z' })).then([submitted('sub1', 1, { late: true })]);
    const undated = { ...capstone, dueAt: null };
    work.given().when(submit('sub1', { item: undated, now: '2030-01-01T00:00:00.000Z' })).then([submitted('sub1', 1, { item: undated })]);
  });

  it('carries the item title and the teachers told, when the read model knows them', () => {
    const plain = submitted('sub1', 1);
    const titled = { ...plain, data: { ...plain.data, title: 'Portfolio', teacherIds: ['t1', 't2'] } } as WorkEvent;
    work.given().when(submit('sub1', { item: { ...capstone, title: 'Portfolio', teacherIds: ['t1', 't2'] } })).then([titled]);
  });

  it('records the commit read at submission, or null when the host was away (the pin pending)', () => {
    work.given().when(submit('sub1')).then([submitted('sub1', 1, { commit: PINNED })]);
    work.given().when(submit('sub1', { commit: null })).then([submitted('sub1', 1, { commit: null })]);
  });

  it("refuses an unknown item, an item of another kind, a draft week's item, a student not actively enrolled in its program", () => {
    work.given().when(submit('s', { item: null })).thenRefused({ kind: 'not_found', message: GRADING_MESSAGES.itemNotFound, fields: { itemId: [GRADING_MESSAGES.itemNotFound] } });
    work.given().when(submit('s', { kind: 'task' })).thenRefused({ kind: 'not_found', message: GRADING_MESSAGES.itemNotFound });
    work.given().when(submit('s', { item: { ...capstone, published: false } })).thenRefused({ kind: 'conflict', message: GRADING_MESSAGES.notPublished });
    work.given().when(submit('s', { enrolled: false })).thenRefused({ kind: 'forbidden', message: GRADING_MESSAGES.notEnrolled });
  });

  it('once; again only when the latest grade is needs_revision, every attempt kept', () => {
    work.given(submitted('a1', 1)).when(submit('a2')).thenRefused({ kind: 'conflict', message: GRADING_MESSAGES.alreadySubmitted });
    for (const status of ['failed', 'pending', 'passed'] as const) {
      work.given(submitted('a1', 1), graded('a1', 1, { score: 80, status, feedback: 'ok' })).when(submit('a2')).thenRefused({ kind: 'conflict', message: GRADING_MESSAGES.alreadySubmitted });
    }
    const revision = graded('a1', 1, { score: 40, status: 'needs_revision', feedback: 'more tests' });
    work.given(submitted('a1', 1), revision).when(submit('a2')).then([submitted('a2', 2)]);
    expect(work.given(submitted('a1', 1), revision, submitted('a2', 2)).state.attempts.map((a) => [a.submissionId, a.attempt, a.grade?.status ?? null])).toEqual([
      ['a1', 1, 'needs_revision'],
      ['a2', 2, null],
    ]);
  });
});

describe('deadlines: extensions and closed items (issue 30 §4)', () => {
  const AFTER_DUE = '2026-12-01T00:00:00.000Z';
  const EXTENDED = '2026-12-03T00:00:00.000Z';
  const closed: ItemFacts = { ...capstone, latePolicy: 'closed' };
  const revision = graded('a1', 1, { score: 40, status: 'needs_revision', feedback: 'more tests' });

  it('judges late against the student’s extension, and records the date it judged against', () => {
    work.given().when(submit('sub1', { now: AFTER_DUE, extension: { dueAt: EXTENDED, reason: 'ill' } })).then([submitted('sub1', 1, { extendedTo: EXTENDED })]);
    work.given().when(submit('sub1', { now: '2026-12-04T00:00:00.000Z', extension: { dueAt: EXTENDED, reason: 'ill' } })).then([submitted('sub1', 1, { extendedTo: EXTENDED, late: true })]);
    // An extension never shortens the time.
    work.given().when(submit('sub1', { now: AFTER_DUE, extension: { dueAt: '2026-11-20T00:00:00.000Z', reason: 'x' } })).then([submitted('sub1', 1, { late: true })]);
  });

  it('refuses a submission and a resubmission after the due date of a closed item; takes them before it or within an extension', () => {
    const refused = { kind: 'conflict' as const, message: EXTENSION_MESSAGES.closedAfterDue };
    work.given().when(submit('sub1', { item: closed, now: AFTER_DUE })).thenRefused(refused);
    work.given(submitted('a1', 1, { item: closed }), revision).when(submit('a2', { item: closed, now: AFTER_DUE })).thenRefused(refused);
    work.given().when(submit('sub1', { item: closed })).then([submitted('sub1', 1, { item: closed })]);
    work.given().when(submit('sub1', { item: closed, now: AFTER_DUE, extension: { dueAt: EXTENDED, reason: 'ill' } })).then([submitted('sub1', 1, { item: closed, extendedTo: EXTENDED })]);
    work.given().when(submit('sub1', { item: closed, now: '2026-12-04T00:00:00.000Z', extension: { dueAt: EXTENDED, reason: 'ill' } })).thenRefused(refused);
  });
});

describe('grading', () => {
  it('grades, then regrades with the previous grade and feedback', () => {
    const first = { score: 40, status: 'needs_revision' as const, feedback: 'more tests' };
    work.given(submitted('a1', 1)).when(grade('a1', 'needs_revision', 40, 'more tests')).then([graded('a1', 1, first)]);
    work.given(submitted('a1', 1), graded('a1', 1, first)).when(grade('a1', 'failed', null, 'late')).then([graded('a1', 1, { score: null, status: 'failed', feedback: 'late' }, first)]);
  });

  it('the very same grade again (a retry, a double click) changes nothing; another feedback is a change', () => {
    const given = work.given(submitted('a1', 1), graded('a1', 1, { score: null, status: 'failed', feedback: 'late' }));
    given.when(grade('a1', 'failed', null, 'late')).thenNothing();
    given.when(grade('a1', 'failed', null, 'very late')).then([graded('a1', 1, { score: null, status: 'failed', feedback: 'very late' }, { score: null, status: 'failed', feedback: 'late' })]);
  });

  it('reads erased feedback as empty: the grade itself stays', () => {
    const erased = { ...graded('a1', 1, { score: 70, status: 'failed', feedback: 'gone' }), personal: undefined } as WorkEvent;
    work.given(submitted('a1', 1), erased).when(grade('a1', 'failed', 70, '')).thenNothing();
  });

  it('refuses an unknown submission and a superseded attempt', () => {
    work.given(submitted('a1', 1)).when(grade('zz', 'passed')).thenRefused({ kind: 'not_found', message: GRADING_MESSAGES.submissionNotFound });
    work
      .given(submitted('a1', 1), graded('a1', 1, { score: 40, status: 'needs_revision', feedback: 'x' }), submitted('a2', 2))
      .when(grade('a1', 'passed'))
      .thenRefused({ kind: 'conflict', message: GRADING_MESSAGES.notLatestAttempt });
  });

  it('CapstonePassed when a capstone first becomes passed, never again (passed → failed → passed)', () => {
    const failed = { score: 80, status: 'failed' as const, feedback: 'ok' };
    const passed = { score: 80, status: 'passed' as const, feedback: 'ok' };
    work.given(submitted('a1', 1), graded('a1', 1, failed)).when(grade('a1', 'passed')).then([graded('a1', 1, passed, failed), capstonePassed('a1')]);
    work
      .given(submitted('a1', 1), graded('a1', 1, failed), graded('a1', 1, passed, failed), capstonePassed('a1'), graded('a1', 1, failed, passed))
      .when(grade('a1', 'passed', 95))
      .then([graded('a1', 1, { ...passed, score: 95 }, failed)]);
  });

  it('a passed task is no capstone: no CapstonePassed', () => {
    work.given(submitted('a1', 1, { item: task })).when(grade('a1', 'passed')).then([graded('a1', 1, { score: 80, status: 'passed', feedback: 'ok' }, null, task)]);
  });
});
