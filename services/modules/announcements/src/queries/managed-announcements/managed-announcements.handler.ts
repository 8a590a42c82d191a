import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import type { ManagedAnnouncementsResponse } from '@academy/contracts';
import { readManagedAnnouncements } from '../announcement-view.read.js';
import { ManagedAnnouncements } from './managed-announcements.query.js';

@QueryHandler(ManagedAnnouncements)
export class ManagedAnnouncementsHandler extends ReadModelQueryHandler<ManagedAnnouncements> {
  async execute({ principal }: ManagedAnnouncements): Promise<ManagedAnnouncementsResponse> {
    return { announcements: await readManagedAnnouncements(this.em, principal.role === 'admin' ? null : principal.userId) };
  }
}
