import { Query } from '@nestjs/cqrs';
import type { AuditAccessState } from '@academy/contracts';

/** Whether `auditorId` holds a grant to see personal data in clear (the admin's Users page shows it). */
export class PersonalDataAccessQuery extends Query<AuditAccessState> {
  constructor(readonly auditorId: string) {
    super();
  }
}
