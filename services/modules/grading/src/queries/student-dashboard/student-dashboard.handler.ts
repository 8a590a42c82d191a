import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { StudentDashboardResponse } from '@academy/contracts';
import { StudentDashboard } from './student-dashboard.query.js';
import { readStudentDashboard } from './student-dashboard.read.js';

@QueryHandler(StudentDashboard)
export class StudentDashboardHandler implements IQueryHandler<StudentDashboard> {
  constructor(private readonly em: EntityManager) {}

  execute({ studentId }: StudentDashboard): Promise<StudentDashboardResponse> {
    return readStudentDashboard(this.em, studentId);
  }
}
