import { Command } from '@nestjs/cqrs';
import type { SessionUser } from '@academy/contracts';
import type { IssuedRefresh } from '../../sessions/session-store.js';

/** Start a session family for a user passport's local strategy has just authenticated. */
export class SignIn extends Command<{ user: SessionUser; refresh: IssuedRefresh }> {
  constructor(
    readonly user: SessionUser,
    readonly userAgent: string | null,
  ) {
    super();
  }
}
