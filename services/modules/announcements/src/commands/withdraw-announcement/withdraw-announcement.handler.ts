import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, principalOf, PipelineCommandHandler } from '@academy/backend';
import { DomainError, Retry, runCommand } from '@academy/event-store';
import { ANNOUNCEMENT_MESSAGES, type Role } from '@academy/contracts';
import { announcementDecider, announcementStream } from '../../domain/announcement.js';
import type { AnnouncementWritten } from '../announcement-written.js';
import { WithdrawAnnouncement } from './withdraw-announcement.command.js';

@CommandHandler(WithdrawAnnouncement)
export class WithdrawAnnouncementHandler extends PipelineCommandHandler<WithdrawAnnouncement> {
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
