import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionStore } from '../../sessions/session-store.js';
import { SignIn } from './sign-in.command.js';

/** Starts the session family of a user the local strategy has authenticated (sign-in.local.strategy.ts). */
@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn> {
  constructor(private readonly sessions: SessionStore) {}

  async execute({ user, userAgent }: SignIn) {
    return { user, refresh: await this.sessions.start(user.id, userAgent) };
  }
}
