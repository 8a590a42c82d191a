import { PrincipalQuery } from '@academy/backend';
import type { ManagedAnnouncementsResponse } from '@academy/contracts';

/** The Announcements page's list: the caller's own posts, every post for an admin. */
export class ManagedAnnouncements extends PrincipalQuery<ManagedAnnouncementsResponse> {}
