import { Query } from '@nestjs/cqrs';
import type { SubjectsResponse } from '@academy/contracts';

/** Admin Subjects (and the Enroll dialog's cohort list with a program): by program name, then name. */
export class ListSubjects extends Query<SubjectsResponse> {
  constructor(readonly programId?: string) {
    super();
  }
}
