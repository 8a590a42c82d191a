import { PrincipalQuery } from '@academy/backend';
import type { AccountSessionsResponse } from '@academy/contracts';

/** Settings: the caller's live sessions (one per sign-in), most recently used first, theirs marked. */
export class ListSessions extends PrincipalQuery<AccountSessionsResponse> {}
