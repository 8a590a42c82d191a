import { ListOrOneQuery } from '@academy/backend';
import type { UsersListResponse } from '@academy/contracts';

/**
 * Admin Users page: every live account, newest first, with the counts per role. With an `id`, only
 * that account as the page shows it, counted alone (what Assign Role answers; none for an unknown id).
 */
export class ListUsers extends ListOrOneQuery<UsersListResponse> {}
