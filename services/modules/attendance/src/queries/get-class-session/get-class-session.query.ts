import { PrincipalObjectQuery } from '@academy/backend';
import type { ClassSession } from '@academy/contracts';

/** One session, for its subject's teacher or an admin (what cancelling or moving it answers with). */
export class GetClassSession extends PrincipalObjectQuery<ClassSession> {}
