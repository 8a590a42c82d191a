import { conversationResponseSchema, type ReplyRequest } from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';
import { gradingKeys } from './grading';

/** Cache keys of the conversation on a submission (issue 30 §3). */
export const conversationKeys = {
  replies: (submissionId: string) => ['submission', submissionId, 'replies'] as const,
};

/** GET /api/submissions/:id/replies: the thread, oldest first; read only while it is shown (`enabled`). */
export const useRepliesQuery = (submissionId: string, enabled = true) =>
  useApiQuery(conversationKeys.replies(submissionId), pathOf('/api/submissions', submissionId, '/replies'), conversationResponseSchema, { enabled });

/**
 * POST /api/submissions/:id/replies: the answer is the thread as it is now (put in the cache); the
 * teacher Submissions, whose rows show `awaitingReply`, are read again.
 */
export const useReplyMutation = () =>
  useApiMutation(({ submissionId, ...body }: { submissionId: string } & ReplyRequest) => ({ path: pathOf('/api/submissions', submissionId, '/replies'), body }), conversationResponseSchema, {
    onSuccess: (client, answer, { submissionId }) => {
      client.setQueryData(conversationKeys.replies(submissionId), { replies: answer.replies });
      return client.invalidateQueries({ queryKey: gradingKeys.allTeacherSubmissions });
    },
  });
