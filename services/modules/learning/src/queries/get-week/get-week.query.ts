import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';
import type { WeekResponse } from '@academy/contracts';

/** The content editor's week: for the teacher assigned to its subject, or an admin. */
export class GetWeek extends Query<WeekResponse> {
  constructor(
    readonly principal: Principal,
    readonly weekId: string,
  ) {
    super();
  }
}
