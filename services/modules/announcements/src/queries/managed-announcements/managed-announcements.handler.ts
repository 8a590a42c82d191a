import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ManagedAnnouncementsResponse } from '@academy/contracts';
import { readManagedAnnouncements } from '../announcement-view.read.js';
import { ManagedAnnouncements } from './managed-announcements.query.js';

@QueryHandler(ManagedAnnouncements)
export class ManagedAnnouncementsHandler implements IQueryHandler<ManagedAnnouncements> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal }: ManagedAnnouncements): Promise<ManagedAnnouncementsResponse> {
    return { announcements: await readManagedAnnouncements(this.em, principal.role === 'admin' ? null : principal.userId) };
  }
}
