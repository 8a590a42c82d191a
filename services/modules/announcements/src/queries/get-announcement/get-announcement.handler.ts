import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@academy/contracts';
import { readAnnouncement } from '../announcement-view.read.js';
import { GetAnnouncement } from './get-announcement.query.js';

/** 404 unknown, and 404 too for someone else's post (its existence is not theirs to learn), admins excepted. */
@QueryHandler(GetAnnouncement)
export class GetAnnouncementHandler extends ReadModelQueryHandler<GetAnnouncement> {
  async execute({ principal, id: announcementId }: GetAnnouncement): Promise<Announcement> {
    const a = await readAnnouncement(this.em, announcementId);
    if (!a || (principal.role !== 'admin' && a.authorId !== principal.userId)) throw new DomainError('not_found', ANNOUNCEMENT_MESSAGES.notFound);
    return a;
  }
}
