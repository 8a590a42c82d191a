import { Query } from '@nestjs/cqrs';
import type { UsersListResponse } from '@academy/contracts';

/** Admin Users page: every live account, newest first, with the counts per role. */
export class ListUsers extends Query<UsersListResponse> {}
