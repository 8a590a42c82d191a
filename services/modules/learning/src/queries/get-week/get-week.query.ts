import { PrincipalObjectQuery } from '@academy/backend';
import type { WeekResponse } from '@academy/contracts';

/** The content editor's week: for the teacher assigned to its subject, or an admin. */
export class GetWeek extends PrincipalObjectQuery<WeekResponse> {}
