import { ListOrOneQuery } from '@academy/backend';
import type { TeacherAssignmentsResponse } from '@academy/contracts';

/**
 * Admin Teacher Assignments: newest first. With an `id`, only that assignment as the screen
 * shows it (what assigning answers; none for an unknown id).
 */
export class ListTeacherAssignments extends ListOrOneQuery<TeacherAssignmentsResponse> {}
