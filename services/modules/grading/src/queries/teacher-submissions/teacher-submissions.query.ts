import { PrincipalListQuery } from '@academy/backend';
import type { ListSubmissionsQuery, TeacherSubmissionsResponse } from '@academy/contracts';

/** Teacher Submissions, one page of one tab and both tabs' counts: the caller's subjects (admin: all). */
export class TeacherSubmissions extends PrincipalListQuery<ListSubmissionsQuery, TeacherSubmissionsResponse> {}
