import { UserQuery } from '@academy/backend';
import type { MySubjectsResponse } from '@academy/contracts';

/** Teacher My Subjects: only the subjects assigned to this teacher (the caller: object-level). */
export class MySubjects extends UserQuery<MySubjectsResponse> {}
