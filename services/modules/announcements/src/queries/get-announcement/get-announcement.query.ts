import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';
import type { Announcement } from '@academy/contracts';

/** One post, for its author or an admin (what a post, edit or withdrawal answers with). */
export class GetAnnouncement extends Query<Announcement> {
  constructor(
    readonly principal: Principal,
    readonly announcementId: string,
  ) {
    super();
  }
}
