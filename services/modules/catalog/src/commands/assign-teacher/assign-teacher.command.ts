import { CallerCommand } from '@academy/backend';
import type { AssignTeacherRequest, TeacherAssignment } from '@academy/contracts';

/** Admin Teacher Assignments, assign. */
export class AssignTeacher extends CallerCommand<AssignTeacherRequest, { assignment: TeacherAssignment; position: number }> {}
