import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionStore } from '../../sessions/session-store.js';
import { SignOut } from './sign-out.command.js';

/** Idempotent: an unknown cookie or an already ended family ends nothing more. */
@CommandHandler(SignOut)
export class SignOutHandler implements ICommandHandler<SignOut> {
  constructor(private readonly sessions: SessionStore) {}

  async execute({ presented, sessionId }: SignOut) {
    const families = new Set<string>();
    if (presented) {
      const family = await this.sessions.familyOf(presented);
      if (family) families.add(family);
    }
    if (sessionId) families.add(sessionId);
    for (const family of families) await this.sessions.revokeFamily(family, 'signed-out');
    return { ended: families.size };
  }
}
