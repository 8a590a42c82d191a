import { ListOrOneQuery } from '@academy/backend';
import type { StudentsListResponse } from '@academy/contracts';

/**
 * Student-admin Students page: every live student, by name. With an `id`, only that student as
 * the page shows them (what Update Student answers; none for an id that is not a live student).
 */
export class ListStudents extends ListOrOneQuery<StudentsListResponse> {}
