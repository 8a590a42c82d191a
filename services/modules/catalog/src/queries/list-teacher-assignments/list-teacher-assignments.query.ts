import { Query } from '@nestjs/cqrs';
import type { TeacherAssignmentsResponse } from '@academy/contracts';

/** Admin Teacher Assignments: newest first. */
export class ListTeacherAssignments extends Query<TeacherAssignmentsResponse> {}
