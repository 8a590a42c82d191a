import { PrincipalObjectQuery } from '@academy/backend';
import type { ConversationResponse } from '@academy/contracts';

/** The conversation on a submission (issue 30 §3), for whoever may read the submission (queries/submission-access.read.ts). */
export class SubmissionReplies extends PrincipalObjectQuery<ConversationResponse> {}
