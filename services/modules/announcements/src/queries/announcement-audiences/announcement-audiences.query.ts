import { PrincipalQuery } from '@academy/backend';
import type { AnnouncementAudiences } from '@academy/contracts';

/** What the post form offers the caller: a teacher's subjects, or the programs for admins. */
export class AnnouncementAudiencesQuery extends PrincipalQuery<AnnouncementAudiences> {}
