// The work aggregate (stream `work-<studentId>-<itemId>`): one student's attempts at one task or
// capstone and every grade given to them. Plain TS. Keeping all of it in one stream makes the rules
// hold under concurrency with one optimistic append: a single submission unless the latest grade is
// needs_revision; grading again updates; CapstonePassed at most once per (student, capstone), however
// often the grade goes passed → failed → passed and however many teachers grade at once.
import { DomainError, type Decider, type LoadedEventOf, type PersonalData } from '@academy/event-store';
import {
  type CapstonePassedData,
  GRADING_EVENTS,
  EXTENSION_MESSAGES,
  GRADING_MESSAGES,
  type GradeStatus,
  type LatePolicy,
  type RubricSelections,
  type SubmissionGradedData,
  type SubmissionGradedPersonal,
  SubmissionGradedV1,
  type WorkKind,
  type WorkSubmittedData,
  type WorkSubmittedPersonal,
} from '@academy/contracts';
import { effectiveDue, type ExtensionState } from './extension.js';
import { type RubricState, scoreWithRubric } from './rubric.js';

export const workStream = (studentId: string, itemId: string) => `work-${studentId}-${itemId}`;

export type WorkEvent =
  | { type: typeof GRADING_EVENTS.WorkSubmitted; data: WorkSubmittedData; personal?: PersonalData }
  | { type: typeof GRADING_EVENTS.SubmissionGraded; data: SubmissionGradedData; personal?: PersonalData }
  | { type: typeof GRADING_EVENTS.CapstonePassed; data: CapstonePassedData };

export interface GradeState {
  score: number | null;
  status: GradeStatus;
  feedback: string;
  teacherId: string;
  /** The rubric grade's version, levels and comments, as one comparable text (null: no rubric). */
  rubricKey: string | null;
}
export interface Attempt {
  submissionId: string;
  attempt: number;
  kind: WorkKind;
  itemId: string;
  weekId: string;
  subjectId: string;
  programId: string;
  grade: GradeState | null;
}
export interface WorkState {
  studentId: string | null;
  attempts: Attempt[];
  capstonePassed: boolean;
}

export const initialWorkState = (): WorkState => ({ studentId: null, attempts: [], capstonePassed: false });

export function evolveWork(state: WorkState, event: LoadedEventOf<WorkEvent>): WorkState {
  switch (event.type) {
    case GRADING_EVENTS.WorkSubmitted: {
      const d = event.data;
      const a: Attempt = { submissionId: d.submissionId, attempt: d.attempt, kind: d.kind, itemId: d.itemId, weekId: d.weekId, subjectId: d.subjectId, programId: d.programId, grade: null };
      return { ...state, studentId: d.studentId, attempts: [...state.attempts, a] };
    }
    case GRADING_EVENTS.SubmissionGraded: {
      const d = event.data;
      // Erased feedback reads as empty: the grade itself stays.
      const feedback = SubmissionGradedV1.personal(event)?.feedback ?? '';
      const personal = SubmissionGradedV1.personal(event);
      const rubricKey = d.rubric ? rubricKeyOf(d.rubric.version, d.rubric.criteria, personal?.criterionComments ?? {}) : null;
      const grade: GradeState = { score: d.score, status: d.status, feedback, teacherId: d.teacherId, rubricKey };
      return { ...state, attempts: state.attempts.map((a) => (a.submissionId === d.submissionId ? { ...a, grade } : a)) };
    }
    case GRADING_EVENTS.CapstonePassed:
      return { ...state, capstonePassed: true };
    default:
      return state;
  }
}

/** What the handler knows about the item from the read model (null: no such task or capstone). */
export interface ItemFacts {
  title?: string;
  /** Teachers assigned to the item's subject now (told of the submission). */
  teacherIds?: string[];
  kind: WorkKind;
  itemId: string;
  weekId: string;
  subjectId: string;
  programId: string;
  dueAt: string | null;
  /** After the due date: accepted and flagged late, or closed (refused). */
  latePolicy: LatePolicy;
  published: boolean;
}

/** Where a submission at `now` stands against the student's due date (issue 30 §4): late, and refused when the item is closed. */
export function judgeDeadline(item: Pick<ItemFacts, 'dueAt' | 'latePolicy'>, extension: ExtensionState, now: string) {
  const due = effectiveDue(item.dueAt, extension);
  const late = due.dueAt !== null && Date.parse(now) > Date.parse(due.dueAt);
  return { due, late, closed: late && item.latePolicy === 'closed' };
}

export type WorkCommand =
  | {
      type: 'SubmitWork';
      submissionId: string;
      studentId: string;
      kind: WorkKind;
      item: ItemFacts | null;
      /** The student has an active enrollment in the item's program. */
      enrolled: boolean;
      githubUrl: string;
      notes: string;
      now: string;
      /** The default branch's commit as read at submission, or null when the host could not be reached (pending). */
      commit: { sha: string; readAt: string } | null;
      /** The student's extension of this item (its own stream), judged instead of the item's due date. */
      extension: ExtensionState;
    }
  | {
      type: 'GradeSubmission';
      submissionId: string;
      teacherId: string;
      score: number | null;
      status: GradeStatus;
      feedback: string;
      title?: string;
      /** Graded with the item's rubric: the levels chosen, and the rubric as it stands (its own stream). */
      rubric?: { chosen: RubricSelections; current: RubricState };
    };

function rubricKeyOf(version: number, criteria: { criterionId: string; level: number }[], comments: Record<string, string>): string {
  return JSON.stringify([version, criteria.map((c) => [c.criterionId, c.level, comments[c.criterionId] ?? ''])]);
}

export function decideWork(command: WorkCommand, state: WorkState): WorkEvent[] {
  if (command.type === 'SubmitWork') {
    const { item } = command;
    if (!item || item.kind !== command.kind) throw new DomainError('not_found', GRADING_MESSAGES.itemNotFound, { itemId: [GRADING_MESSAGES.itemNotFound] });
    if (!item.published) throw new DomainError('conflict', GRADING_MESSAGES.notPublished);
    if (!command.enrolled) throw new DomainError('forbidden', GRADING_MESSAGES.notEnrolled);
    const latest = state.attempts.at(-1);
    if (latest && latest.grade?.status !== 'needs_revision') throw new DomainError('conflict', GRADING_MESSAGES.alreadySubmitted);
    // A first attempt and a resubmission alike are judged against the student's due date.
    const { due, late, closed } = judgeDeadline(item, command.extension, command.now);
    if (closed) throw new DomainError('conflict', EXTENSION_MESSAGES.closedAfterDue);
    const data: WorkSubmittedData = {
      submissionId: command.submissionId,
      studentId: command.studentId,
      kind: item.kind,
      itemId: item.itemId,
      weekId: item.weekId,
      subjectId: item.subjectId,
      programId: item.programId,
      githubUrl: command.githubUrl,
      attempt: (latest?.attempt ?? 0) + 1,
      late,
      dueAt: due.dueAt,
      extended: due.extended,
      commit: command.commit,
    };
    if (item.title !== undefined) data.title = item.title;
    if (item.teacherIds !== undefined) data.teacherIds = item.teacherIds;
    const personal: WorkSubmittedPersonal = { notes: command.notes };
    return [{ type: GRADING_EVENTS.WorkSubmitted, data, personal: { subjectId: command.studentId, data: { ...personal } } }];
  }

  const attempt = state.attempts.find((a) => a.submissionId === command.submissionId);
  if (!attempt) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
  if (attempt !== state.attempts.at(-1)) throw new DomainError('conflict', GRADING_MESSAGES.notLatestAttempt);
  const previous = attempt.grade;
  // With a rubric the score is computed from the levels chosen, whatever the client sent.
  const scored = command.rubric ? scoreWithRubric(command.rubric.current, command.rubric.chosen) : null;
  const score = scored ? scored.score : command.score;
  const rubricKey = scored ? rubricKeyOf(command.rubric!.chosen.version, scored.criteria, scored.comments) : null;
  // The very same grade again (a retry, a double click) changes nothing.
  if (previous && previous.score === score && previous.status === command.status && previous.feedback === command.feedback && previous.rubricKey === rubricKey) return [];
  const graded: SubmissionGradedData = {
    submissionId: attempt.submissionId,
    studentId: state.studentId!,
    kind: attempt.kind,
    itemId: attempt.itemId,
    weekId: attempt.weekId,
    subjectId: attempt.subjectId,
    teacherId: command.teacherId,
    attempt: attempt.attempt,
    score,
    status: command.status,
    previous: previous ? { score: previous.score, status: previous.status } : null,
  };
  if (command.title !== undefined) graded.title = command.title;
  if (scored) graded.rubric = { version: command.rubric!.chosen.version, criteria: scored.criteria };
  const personal: SubmissionGradedPersonal = { feedback: command.feedback, previousFeedback: previous?.feedback ?? null };
  if (scored) personal.criterionComments = scored.comments;
  const events: WorkEvent[] = [{ type: GRADING_EVENTS.SubmissionGraded, data: graded, personal: { subjectId: state.studentId!, data: { ...personal } } }];
  if (attempt.kind === 'capstone' && command.status === 'passed' && !state.capstonePassed) {
    events.push({
      type: GRADING_EVENTS.CapstonePassed,
      data: { studentId: state.studentId!, capstoneId: attempt.itemId, submissionId: attempt.submissionId, weekId: attempt.weekId, subjectId: attempt.subjectId, programId: attempt.programId },
    });
  }
  return events;
}

export const workDecider: Decider<WorkCommand, WorkEvent, WorkState> = {
  initialState: initialWorkState,
  evolve: evolveWork,
  decide: decideWork,
};
