import { PrincipalListQuery } from '@academy/backend';
import type { ScheduledSubjectsResponse } from '@academy/contracts';

/** The subjects the caller manages (a teacher's own; all for an admin) with their schedules; `subjectId`: only that one. */
export class ScheduledSubjects extends PrincipalListQuery<{ subjectId?: string }, ScheduledSubjectsResponse> {}
