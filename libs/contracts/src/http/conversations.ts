import { z } from 'zod';
import { text } from '../text.js';
import { CONVERSATION_MESSAGES } from '../copy/conversations.js';

// The conversation on a submission (issue 30 §3), in the grading context: under the feedback, the
// student and the teachers of the subject reply, in order; one stream per submission
// `conversation-<submissionId>`, each reply a SubmissionReplied event with its text encrypted.

/** The shared text rule (libs/contracts/src/text.ts): no control characters, no lone surrogates. */
export const replyRequestSchema = z.object({
  text: text({ error: CONVERSATION_MESSAGES.textRequired }).trim().min(1, CONVERSATION_MESSAGES.textRequired).max(4000, CONVERSATION_MESSAGES.tooLong),
});
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

export const replySchema = z.object({
  id: z.string(),
  authorId: z.string(),
  /** null once the author's account is deleted. */
  authorName: z.string().nullable(),
  authorRole: z.enum(['student', 'teacher']),
  text: z.string(),
  sentAt: z.string(),
});
export type Reply = z.infer<typeof replySchema>;

/**
 * GET /api/submissions/:id/replies (its student; a teacher assigned to its subject; admin) →
 * { replies } oldest first. POST (its student; a teacher assigned to its subject) { text } → 201
 * { message: 'Reply sent', replies }. 400 fields; 403 a teacher of another subject; 404 another
 * student's or an unknown submission.
 */
export const conversationResponseSchema = z.object({ message: z.string().optional(), replies: z.array(replySchema) });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;
