import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { NotificationsResponse } from '@academy/contracts';

/** The bell's "mark as read": some ids, or 'all'. Always the caller's own inbox (the user comes from the session). */
export class MarkRead extends Command<{ answer: NotificationsResponse; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly ids: string[] | 'all',
  ) {
    super();
  }
}
