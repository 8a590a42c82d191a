import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import type { MyAnnouncementsResponse } from '@academy/contracts';
import { readMyAnnouncements } from '../announcement-view.read.js';
import { MyAnnouncements } from './my-announcements.query.js';

@QueryHandler(MyAnnouncements)
export class MyAnnouncementsHandler extends ReadModelQueryHandler<MyAnnouncements> {
  async execute({ userId }: MyAnnouncements): Promise<MyAnnouncementsResponse> {
    return { announcements: await readMyAnnouncements(this.em, userId) };
  }
}
