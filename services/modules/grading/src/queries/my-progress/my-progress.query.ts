import { UserQuery } from '@academy/backend';
import type { ProgressResponse } from '@academy/contracts';

/** Student Progress: the student's weeks and score trend. */
export class MyProgress extends UserQuery<ProgressResponse> {}
