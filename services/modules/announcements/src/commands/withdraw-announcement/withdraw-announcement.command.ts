import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AnnouncementWritten } from '../announcement-written.js';

/** Announcements page, 'Withdraw': the post leaves every dashboard (its author, or an admin). */
export class WithdrawAnnouncement extends Command<AnnouncementWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly announcementId: string,
  ) {
    super();
  }
}
