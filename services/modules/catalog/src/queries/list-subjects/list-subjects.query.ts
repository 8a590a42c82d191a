import { Query } from '@nestjs/cqrs';
import type { SubjectsResponse } from '@academy/contracts';

/**
 * Admin Subjects (and the Enroll dialog's cohort list with a program): by program name, then name.
 * With a `subjectId`, only that subject as the screen shows it (what a subject command answers; none for an unknown id).
 */
export class ListSubjects extends Query<SubjectsResponse> {
  constructor(readonly filter: { programId?: string; subjectId?: string } = {}) {
    super();
  }
}
