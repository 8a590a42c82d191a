import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, isUuid, principalOf } from '@academy/backend';
import { DomainError, type EventStore, Retry, runCommand } from '@academy/event-store';
import { ANNOUNCEMENT_MESSAGES, type Role } from '@academy/contracts';
import { announcementDecider, announcementStream } from '../../domain/announcement.js';
import type { AnnouncementWritten } from '../announcement-written.js';
import { EditAnnouncement } from './edit-announcement.command.js';

/** The decider checks the author (or admin) on the stream itself: no read model is trusted for it. */
@CommandHandler(EditAnnouncement)
export class EditAnnouncementHandler implements ICommandHandler<EditAnnouncement> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

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
