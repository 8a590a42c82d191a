import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** Settings → "sign out of all other sessions": `ended` counts the sessions it revoked. */
export class SignOutOtherSessions extends Command<{ ended: number }> {
  constructor(readonly caller: CommandContext) {
    super();
  }
}
