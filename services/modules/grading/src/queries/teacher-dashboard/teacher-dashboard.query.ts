import { Query } from '@nestjs/cqrs';
import type { TeacherDashboardResponse } from '@academy/contracts';

/** The teacher dashboard's cards, with real figures (the spec's are static: fixed). */
export class TeacherDashboard extends Query<TeacherDashboardResponse> {
  constructor(readonly teacherId: string) {
    super();
  }
}
