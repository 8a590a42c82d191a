import { UserQuery } from '@academy/backend';
import type { SessionUser } from '@academy/contracts';

/**
 * A live account as the shell knows who is signed in (null: none, or deleted). No endpoint of its own:
 * /auth/me shows it, and the commands that answer with the signed-in user (refresh, complete profile)
 * execute it, so every answer is the same shape from the same read.
 */
export class SessionUserById extends UserQuery<SessionUser | null> {}
