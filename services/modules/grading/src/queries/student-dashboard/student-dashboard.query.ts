import { UserQuery } from '@academy/backend';
import type { StudentDashboardResponse } from '@academy/contracts';

/** The student dashboard's cards, with real figures (the spec's are static: fixed). */
export class StudentDashboard extends UserQuery<StudentDashboardResponse> {}
