// given events / when command / then events (ARCHITECTURE.md §9): submissions, grades, CapstonePassed.
import { DomainError, type EventMetadata } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { decideWork, type ItemFacts, type WorkCommand, workDecider, type WorkEvent, type WorkState } from './work.js';

const meta: EventMetadata = { actorId: 'x', actorRole: 'student', correlationId: 'c', causationId: null, occurredAt: '2026-11-23T00:00:00.000Z' };
const apply = (state: WorkState, events: WorkEvent[]) =>
  events.reduce((s, e) => workDecider.evolve(s, { type: e.type, data: e.data, personal: 'personal' in e ? (e.personal ?? null) : null, metadata: meta }), state);
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: e.message };
    throw e;
  }
  throw new Error('not refused');
};

const capstone: ItemFacts = { kind: 'capstone', itemId: 'cap1', weekId: 'w1', subjectId: 's1', programId: 'p1', dueAt: '2026-11-30T00:00:00.000Z', published: true };
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
  ...o,
});
const grade = (submissionId: string, status: 'pending' | 'passed' | 'failed' | 'needs_revision', score: number | null = 80, feedback = 'ok'): WorkCommand => ({
  type: 'GradeSubmission',
  submissionId,
  teacherId: 't1',
  score,
  status,
  feedback,
});
/** Runs commands from an empty stream; returns the state and every event appended. */
function run(...commands: WorkCommand[]) {
  let state = workDecider.initialState();
  const all: WorkEvent[] = [];
  for (const c of commands) {
    const events = decideWork(c, state);
    all.push(...events);
    state = apply(state, events);
  }
  return { state, events: all };
}

describe('submitting', () => {
  it('records the attempt with the notes in the personal part of the student; late after the due date', () => {
    const [e] = decideWork(submit('sub1'), workDecider.initialState());
    expect(e).toEqual({
      type: 'WorkSubmitted',
      data: { submissionId: 'sub1', studentId: 'st1', kind: 'capstone', itemId: 'cap1', weekId: 'w1', subjectId: 's1', programId: 'p1', githubUrl: 'https://github.com/ada/portfolio', attempt: 1, late: false, dueAt: capstone.dueAt },
      personal: { subjectId: 'st1', data: { notes: 'my notes' } },
    });
    expect(decideWork(submit('sub1', { now: '2026-12-01T00:00:00.000Z' }), workDecider.initialState())[0].data).toMatchObject({ late: true });
    expect(decideWork(submit('sub1', { item: { ...capstone, dueAt: null }, now: '2030-01-01T00:00:00.000Z' }), workDecider.initialState())[0].data).toMatchObject({ late: false });
  });

  it('refuses an unknown item, a draft week\'s item, a student not actively enrolled in its program', () => {
    const empty = workDecider.initialState();
    expect(refused(() => decideWork(submit('s', { item: null }), empty))).toEqual({ kind: 'not_found', message: GRADING_MESSAGES.itemNotFound });
    expect(refused(() => decideWork(submit('s', { kind: 'task' }), empty))).toEqual({ kind: 'not_found', message: GRADING_MESSAGES.itemNotFound });
    expect(refused(() => decideWork(submit('s', { item: { ...capstone, published: false } }), empty))).toEqual({ kind: 'conflict', message: GRADING_MESSAGES.notPublished });
    expect(refused(() => decideWork(submit('s', { enrolled: false }), empty))).toEqual({ kind: 'forbidden', message: GRADING_MESSAGES.notEnrolled });
  });

  it('once; again only when the latest grade is needs_revision, every attempt kept', () => {
    expect(refused(() => run(submit('a1'), submit('a2')))).toEqual({ kind: 'conflict', message: GRADING_MESSAGES.alreadySubmitted });
    expect(refused(() => run(submit('a1'), grade('a1', 'failed'), submit('a2')))).toMatchObject({ kind: 'conflict' });
    expect(refused(() => run(submit('a1'), grade('a1', 'pending'), submit('a2')))).toMatchObject({ kind: 'conflict' });
    const { state, events } = run(submit('a1'), grade('a1', 'needs_revision'), submit('a2'));
    expect(state.attempts.map((a) => [a.submissionId, a.attempt, a.grade?.status ?? null])).toEqual([
      ['a1', 1, 'needs_revision'],
      ['a2', 2, null],
    ]);
    expect(events.at(-1)!.data).toMatchObject({ attempt: 2 });
  });
});

describe('grading', () => {
  it('grades, regrades with the previous grade (feedback in the personal part); the same grade again is a no-op', () => {
    const { events, state } = run(submit('a1'), grade('a1', 'needs_revision', 40, 'more tests'), grade('a1', 'failed', null, 'late'));
    expect(events[1]).toMatchObject({
      type: 'SubmissionGraded',
      data: { submissionId: 'a1', studentId: 'st1', teacherId: 't1', score: 40, status: 'needs_revision', previous: null, attempt: 1 },
      personal: { subjectId: 'st1', data: { feedback: 'more tests', previousFeedback: null } },
    });
    expect(events[2]).toMatchObject({ data: { score: null, status: 'failed', previous: { score: 40, status: 'needs_revision' } }, personal: { data: { feedback: 'late', previousFeedback: 'more tests' } } });
    expect(decideWork(grade('a1', 'failed', null, 'late'), state)).toEqual([]);
  });

  it('refuses an unknown submission and a superseded attempt', () => {
    expect(refused(() => run(submit('a1'), grade('zz', 'passed')))).toEqual({ kind: 'not_found', message: GRADING_MESSAGES.submissionNotFound });
    expect(refused(() => run(submit('a1'), grade('a1', 'needs_revision'), submit('a2'), grade('a1', 'passed')))).toEqual({ kind: 'conflict', message: GRADING_MESSAGES.notLatestAttempt });
  });

  it('CapstonePassed when a capstone first becomes passed, never again (passed → failed → passed)', () => {
    const { events } = run(submit('a1'), grade('a1', 'failed'), grade('a1', 'passed'), grade('a1', 'failed'), grade('a1', 'passed', 95));
    const passed = events.filter((e) => e.type === 'CapstonePassed');
    expect(passed).toEqual([{ type: 'CapstonePassed', data: { studentId: 'st1', capstoneId: 'cap1', submissionId: 'a1', weekId: 'w1', subjectId: 's1', programId: 'p1' } }]);
    expect(events.filter((e) => e.type === 'SubmissionGraded')).toHaveLength(4);
  });

  it('a passed task is no capstone: no CapstonePassed', () => {
    const task: ItemFacts = { ...capstone, kind: 'task', itemId: 'task1' };
    const { events } = run(submit('a1', { kind: 'task', item: task }), grade('a1', 'passed'));
    expect(events.map((e) => e.type)).toEqual(['WorkSubmitted', 'SubmissionGraded']);
  });
});
