import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyAnnouncementsResponse } from '@academy/contracts';
import { readMyAnnouncements } from '../announcement-view.read.js';
import { MyAnnouncements } from './my-announcements.query.js';

@QueryHandler(MyAnnouncements)
export class MyAnnouncementsHandler implements IQueryHandler<MyAnnouncements> {
  constructor(private readonly em: EntityManager) {}

  async execute({ userId }: MyAnnouncements): Promise<MyAnnouncementsResponse> {
    return { announcements: await readMyAnnouncements(this.em, userId) };
  }
}
