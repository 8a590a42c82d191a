import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';

/** A subject's grades as CSV text: the teacher assigned to it, or admin. */
export class ExportGrades extends Query<string> {
  constructor(
    readonly principal: Principal,
    readonly subjectId: string,
  ) {
    super();
  }
}
