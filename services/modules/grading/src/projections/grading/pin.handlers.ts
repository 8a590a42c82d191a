// The late pin of a submission (ADR 0039): the retry job's SubmissionCommitPinned / SubmissionPinFailed
// settle the pin a WorkSubmitted left pending. Rare (only submissions whose host was away), so one
// statement per event; they write `submissions`, so the set's run collected before them is written
// first (withTables) and the row they update is there.
import { type EventHandler, instant, withTables } from '@academy/event-store';
import { GRADING_EVENTS, SubmissionCommitPinnedV1, SubmissionPinFailedV1 } from '@academy/contracts';
import { GradingSubmission } from './submission.entity.js';


const handlers: Record<string, EventHandler> = {
  [GRADING_EVENTS.SubmissionCommitPinned]: async (e, tx) => {
    const d = SubmissionCommitPinnedV1.parse(e);
    await tx.em.createQueryBuilder(GradingSubmission).update({ pinState: 'pinned', commitSha: d.sha, pinnedAt: instant(d.readAt) }).where({ id: d.submissionId, pinState: 'pending' }).execute();
  },
  [GRADING_EVENTS.SubmissionPinFailed]: async (e, tx) => {
    const d = SubmissionPinFailedV1.parse(e);
    await tx.em.createQueryBuilder(GradingSubmission).update({ pinState: 'failed' }).where({ id: d.submissionId, pinState: 'pending' }).execute();
  },
};

export const pinHandlers = withTables({ writes: ['submissions'] }, handlers);
