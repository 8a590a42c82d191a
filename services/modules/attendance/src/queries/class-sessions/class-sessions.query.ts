import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';
import type { ClassSessionsQuery, ClassSessionsResponse } from '@academy/contracts';

/** A subject's sessions in a period (its teacher, an admin). */
export class ClassSessionsOf extends Query<ClassSessionsResponse> {
  constructor(
    readonly principal: Principal,
    readonly subjectId: string,
    readonly filter: ClassSessionsQuery,
  ) {
    super();
  }
}
