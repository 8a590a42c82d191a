import { PrincipalObjectQuery } from '@academy/backend';
import type { SubmissionDetailResponse } from '@academy/contracts';

/** One attempt and every attempt at the same item, for whoever may read it (queries/submission-access.read.ts). */
export class GetSubmission extends PrincipalObjectQuery<SubmissionDetailResponse> {}
