import { Query } from '@nestjs/cqrs';
import type { MyAnnouncementsResponse } from '@academy/contracts';

/** The live posts addressed to the caller (pinned on their dashboard). */
export class MyAnnouncements extends Query<MyAnnouncementsResponse> {
  constructor(readonly userId: string) {
    super();
  }
}
