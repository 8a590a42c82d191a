import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { TeacherDashboardResponse } from '@academy/contracts';
import { TeacherDashboard } from './teacher-dashboard.query.js';
import { readTeacherDashboard } from './teacher-dashboard.read.js';

@QueryHandler(TeacherDashboard)
export class TeacherDashboardHandler implements IQueryHandler<TeacherDashboard> {
  constructor(private readonly em: EntityManager) {}

  execute({ teacherId }: TeacherDashboard): Promise<TeacherDashboardResponse> {
    return readTeacherDashboard(this.em, teacherId);
  }
}
