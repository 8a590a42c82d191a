import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { NotificationPreferences } from '@academy/contracts';

/** Settings → notifications, for the signed-in user. */
export class SetNotificationPreferences extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly preferences: NotificationPreferences,
  ) {
    super();
  }
}
