import { Query } from '@nestjs/cqrs';
import type { TeacherAssignmentsResponse } from '@academy/contracts';

/**
 * Admin Teacher Assignments: newest first. With an `assignmentId`, only that assignment as the screen
 * shows it (what assigning answers; none for an unknown id).
 */
export class ListTeacherAssignments extends Query<TeacherAssignmentsResponse> {
  constructor(readonly assignmentId?: string) {
    super();
  }
}
