import { CallerCommand } from '@academy/backend';
import type { Subject, subjectRequestSchema } from '@academy/contracts';

/** Admin Subjects, add. */
export class CreateSubject extends CallerCommand<ReturnType<typeof subjectRequestSchema.parse>, { subject: Subject; position: number }> {}
