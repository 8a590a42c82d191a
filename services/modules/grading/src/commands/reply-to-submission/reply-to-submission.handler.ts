import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { DomainError, Retry, runCommand } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { conversationDecider, conversationStream } from '../../domain/conversation.js';
import { GRADING_READ_MODEL } from '../submission-screens.js';
import { readReplyTarget } from './reply-target.read.js';
import { ReplyToSubmission } from './reply-to-submission.command.js';

/**
 * The submission's student, or a teacher assigned to its subject, replies (object level here, the
 * role in the controller): another student's submission does not exist for a student (404), a teacher
 * of another subject is refused (403). Appended after the thread's replies, in order.
 */
@CommandHandler(ReplyToSubmission)
export class ReplyToSubmissionHandler extends GatedCommandHandler<ReplyToSubmission> {
  async execute({ caller, submissionId, input }: ReplyToSubmission) {
    const { userId, role } = principalOf(caller);
    const allowed = (t: Awaited<ReturnType<typeof readReplyTarget>>) => t !== null && (role === 'student' ? t.studentId === userId : t.teacherIds.includes(userId));
    // As the caller has seen it; a refusal is confirmed at the head (a submission or an assignment made a moment ago counts).
    const target = await this.gate.check(GRADING_READ_MODEL, ({ em }) => readReplyTarget(em, submissionId), allowed, caller.seen);
    if (!target || (role === 'student' && target.studentId !== userId)) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    if (role !== 'student' && !target.teacherIds.includes(userId)) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const authorRole = role === 'student' ? 'student' : 'teacher';
    const { position } = await runCommand(this.store, caller.metadata, {
      // Two replies at once both land, one after the other: a reply depends on nothing before it.
      retry: Retry.onConflict(10),
      execute: async (unit) => {
        const stream = await unit.load(conversationStream(submissionId), conversationDecider);
        unit.decide(stream, conversationDecider, { type: 'Reply', submission: target, authorId: userId, authorRole, text: input.text });
      },
    });
    return { position };
  }
}
