import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, principalOf, PipelineCommandHandler } from '@academy/backend';
import { DomainError, Retry, runCommand } from '@academy/event-store';
import { ANNOUNCEMENT_MESSAGES, type Role } from '@academy/contracts';
import { announcementDecider, announcementStream } from '../../domain/announcement.js';
import type { AnnouncementWritten } from '../announcement-written.js';
import { EditAnnouncement } from './edit-announcement.command.js';

/** The decider checks the author (or admin) on the stream itself: no read model is trusted for it. */
@CommandHandler(EditAnnouncement)
export class EditAnnouncementHandler extends PipelineCommandHandler<EditAnnouncement> {
  async execute({ caller, announcementId, input }: EditAnnouncement): Promise<AnnouncementWritten> {
    if (!isUuid(announcementId)) throw new DomainError('not_found', ANNOUNCEMENT_MESSAGES.notFound);
    const p = principalOf(caller);
    const { position } = await runCommand(this.store, caller.metadata, {
      // An edit racing a withdrawal is decided again on the moved stream (and then refused).
      retry: Retry.onConflict(3),
      execute: async (unit) => {
        unit.decide(await unit.load(announcementStream(announcementId), announcementDecider), announcementDecider, {
          type: 'EditAnnouncement',
          actor: { userId: p.userId, role: p.role as Role },
          title: input.title,
          body: input.body,
        });
      },
    });
    return { announcementId, position };
  }
}
