import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { EditAnnouncementRequest } from '@academy/contracts';
import type { AnnouncementWritten } from '../announcement-written.js';

/** Announcements page, 'Edit': new title and text of a post (its author, or an admin). */
export class EditAnnouncement extends Command<AnnouncementWritten> {
  constructor(
    readonly caller: CommandContext,
    readonly announcementId: string,
    readonly input: EditAnnouncementRequest,
  ) {
    super();
  }
}
