// The conversation on a submission (SubmissionReplied, issue 30 §3): a reply is a person's act, rare, so
// one statement per event for `replies`, then the submission's marker: `awaiting_reply` while the
// thread's last reply is the student's (the teacher Submissions shows it). It writes `submissions`, so
// the set's run collected before it is written first (withTables) and the attempt is a row.
import { type EventHandler, instant, withTables } from '@academy/event-store';
import { GRADING_EVENTS, SubmissionRepliedV1 } from '@academy/contracts';
import { GradingReply } from './reply.entity.js';
import { GradingSubmission } from './submission.entity.js';

const handlers: Record<string, EventHandler> = {
  [GRADING_EVENTS.SubmissionReplied]: async (e, tx) => {
    const d = SubmissionRepliedV1.parse(e);
    // Erased student: the text is gone with their key (their rows go with UserDeleted anyway).
    const text = SubmissionRepliedV1.personal(e)?.text ?? '';
    await tx.em
      .createQueryBuilder(GradingReply)
      .insert({ id: e.id, submissionId: d.submissionId, studentId: d.studentId, seq: e.streamVersion, authorId: d.authorId, authorRole: d.authorRole, text, sentAt: instant(e.metadata.occurredAt) })
      .onConflict('id')
      .ignore()
      .execute();
    await tx.em.createQueryBuilder(GradingSubmission).update({ awaitingReply: d.authorRole === 'student' }).where({ id: d.submissionId }).execute();
  },
};

export const replyHandlers = withTables({ writes: ['replies', 'submissions'] }, handlers);
