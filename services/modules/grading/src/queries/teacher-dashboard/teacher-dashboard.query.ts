import { UserQuery } from '@academy/backend';
import type { TeacherDashboardResponse } from '@academy/contracts';

/** The teacher dashboard's cards, with real figures (the spec's are static: fixed). */
export class TeacherDashboard extends UserQuery<TeacherDashboardResponse> {}
