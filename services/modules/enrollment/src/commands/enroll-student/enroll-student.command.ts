import { CallerCommand } from '@academy/backend';
import type { EnrollStudentRequest } from '@academy/contracts';

/** Admin Enrollments, enroll (spec §5). Answers the new enrollment's id and the position its screen waits for. */
export class EnrollStudent extends CallerCommand<EnrollStudentRequest, { enrollmentId: string; position: number }> {}
