import { Query } from '@nestjs/cqrs';
import type { UsersListResponse } from '@academy/contracts';

/**
 * Admin Users page: every live account, newest first, with the counts per role. With a `userId`, only
 * that account as the page shows it, counted alone (what Assign Role answers; none for an unknown id).
 */
export class ListUsers extends Query<UsersListResponse> {
  constructor(readonly userId?: string) {
    super();
  }
}
