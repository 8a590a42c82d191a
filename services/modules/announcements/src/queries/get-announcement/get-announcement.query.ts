import { PrincipalObjectQuery } from '@academy/backend';
import type { Announcement } from '@academy/contracts';

/** One post, for its author or an admin (what a post, edit or withdrawal answers with). */
export class GetAnnouncement extends PrincipalObjectQuery<Announcement> {}
