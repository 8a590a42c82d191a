// The late pin of a submission (stream `submission-pin-<submissionId>`, ADR 0039): when the git host
// could not be reached at submit time, WorkSubmitted records the pin as pending and the retry job
// settles it here, once: the commit it read, or that it gave up. Plain TS.
//
// Its own stream, not the work stream: the work stream's version is what a teacher's grade is
// checked against (expectedVersion), and a pin arriving while a teacher grades must not turn their
// grade into a 409. The rule it holds is one stream's: a submission's pin is settled at most once.
import type { Decider, LoadedEventOf } from '@academy/event-store';
import { GRADING_EVENTS, type SubmissionCommitPinnedData, type SubmissionPinFailedData } from '@academy/contracts';

export const pinStream = (submissionId: string) => `submission-pin-${submissionId}`;

export type PinEvent =
  | { type: typeof GRADING_EVENTS.SubmissionCommitPinned; data: SubmissionCommitPinnedData }
  | { type: typeof GRADING_EVENTS.SubmissionPinFailed; data: SubmissionPinFailedData };

export interface PinState {
  settled: boolean;
}

/** Which submission (the ids of its WorkSubmitted). */
export interface PinnedSubmission {
  submissionId: string;
  studentId: string;
  itemId: string;
}

export type PinCommand =
  | { type: 'RecordPin'; submission: PinnedSubmission; sha: string; readAt: string }
  | { type: 'GiveUpPin'; submission: PinnedSubmission; reason: SubmissionPinFailedData['reason'] };

export const pinDecider: Decider<PinCommand, PinEvent, PinState> = {
  initialState: () => ({ settled: false }),
  evolve: (state: PinState, event: LoadedEventOf<PinEvent>): PinState => (event.type === GRADING_EVENTS.SubmissionCommitPinned || event.type === GRADING_EVENTS.SubmissionPinFailed ? { settled: true } : state),
  decide(command, state) {
    // A job run again (a retry after a crash, a redelivered job) finds the pin settled: nothing new.
    if (state.settled) return [];
    const ids = { submissionId: command.submission.submissionId, studentId: command.submission.studentId, itemId: command.submission.itemId };
    if (command.type === 'RecordPin') return [{ type: GRADING_EVENTS.SubmissionCommitPinned, data: { ...ids, sha: command.sha, readAt: command.readAt } }];
    return [{ type: GRADING_EVENTS.SubmissionPinFailed, data: { ...ids, reason: command.reason } }];
  },
};
