import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GradingReader } from '../../projections/grading/grading.reader.js';
import { StudentDashboard } from './student-dashboard.query.js';

@QueryHandler(StudentDashboard)
export class StudentDashboardHandler implements IQueryHandler<StudentDashboard> {
  constructor(private readonly reader: GradingReader) {}

  execute({ studentId }: StudentDashboard) {
    return this.reader.studentDashboard(studentId);
  }
}
