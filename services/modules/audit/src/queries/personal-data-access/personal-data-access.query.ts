import { UserQuery } from '@academy/backend';
import type { AuditAccessState } from '@academy/contracts';

/** Whether the auditor (`userId`) holds a grant to see personal data in clear (the admin's Users page shows it). */
export class PersonalDataAccessQuery extends UserQuery<AuditAccessState> {}
