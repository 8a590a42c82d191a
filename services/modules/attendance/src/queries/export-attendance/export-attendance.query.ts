import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';
import type { ClassSessionsQuery } from '@academy/contracts';

/** A cohort's attendance in a period as CSV (its teacher, an admin). */
export class ExportAttendance extends Query<string> {
  constructor(
    readonly principal: Principal,
    readonly subjectId: string,
    readonly filter: ClassSessionsQuery,
  ) {
    super();
  }
}
