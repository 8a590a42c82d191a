import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { TeacherDashboard } from './teacher-dashboard.query.js';

@QueryHandler(TeacherDashboard)
export class TeacherDashboardHandler implements IQueryHandler<TeacherDashboard> {
  constructor(private readonly reader: GradingReader) {}

  execute({ teacherId }: TeacherDashboard) {
    return this.reader.teacherDashboard(teacherId);
  }
}
