import { UserQuery } from '@academy/backend';
import type { MyAnnouncementsResponse } from '@academy/contracts';

/** The live posts addressed to the caller (pinned on their dashboard). */
export class MyAnnouncements extends UserQuery<MyAnnouncementsResponse> {}
