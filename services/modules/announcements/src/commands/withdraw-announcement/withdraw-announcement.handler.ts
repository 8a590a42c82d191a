import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, isUuid, principalOf } from '@academy/backend';
import { DomainError, type EventStore, Retry, runCommand } from '@academy/event-store';
import { ANNOUNCEMENT_MESSAGES, type Role } from '@academy/contracts';
import { announcementDecider, announcementStream } from '../../domain/announcement.js';
import type { AnnouncementWritten } from '../announcement-written.js';
import { WithdrawAnnouncement } from './withdraw-announcement.command.js';

@CommandHandler(WithdrawAnnouncement)
export class WithdrawAnnouncementHandler implements ICommandHandler<WithdrawAnnouncement> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ caller, announcementId }: WithdrawAnnouncement): Promise<AnnouncementWritten> {
    if (!isUuid(announcementId)) throw new DomainError('not_found', ANNOUNCEMENT_MESSAGES.notFound);
    const p = principalOf(caller);
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: Retry.onConflict(3),
      execute: async (unit) => {
        unit.decide(await unit.load(announcementStream(announcementId), announcementDecider), announcementDecider, { type: 'WithdrawAnnouncement', actor: { userId: p.userId, role: p.role as Role } });
      },
    });
    return { announcementId, position };
  }
}
