import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';
import type { ListSubmissionsQuery, TeacherSubmissionsResponse } from '@academy/contracts';

/** Teacher Submissions, one page of one tab and both tabs' counts: the caller's subjects (admin: all). */
export class TeacherSubmissions extends Query<TeacherSubmissionsResponse> {
  constructor(
    readonly principal: Principal,
    readonly query: ListSubmissionsQuery,
  ) {
    super();
  }
}
