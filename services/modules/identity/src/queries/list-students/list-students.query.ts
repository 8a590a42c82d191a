import { Query } from '@nestjs/cqrs';
import type { StudentsListResponse } from '@academy/contracts';

/** Student-admin Students page: every live student, by name. */
export class ListStudents extends Query<StudentsListResponse> {}
