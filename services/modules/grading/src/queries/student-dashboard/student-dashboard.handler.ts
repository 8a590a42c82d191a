// The student dashboard's figures: the active course and week, this week's passed tasks, the average grade.
import { sql } from '@mikro-orm/core';
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import { type StudentDashboardResponse, TASKS_PER_WEEK } from '@academy/contracts';
import { averageScore } from '../../domain/figures.js';
import { GradingSubject } from '../../projections/grading/subject.entity.js';
import { GradingSubmission } from '../../projections/grading/submission.entity.js';
import { GradingWeek } from '../../projections/grading/week.entity.js';
import { readActiveEnrollment, readStudentAttempts } from '../student-work.read.js';
import { StudentDashboard } from './student-dashboard.query.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';

@QueryHandler(StudentDashboard)
export class StudentDashboardHandler extends ReadModelQueryHandler<StudentDashboard> {
  async execute({ userId: studentId }: StudentDashboard): Promise<StudentDashboardResponse> {
    const [submissions, enrollment] = await Promise.all([readStudentAttempts(this.em, studentId), readActiveEnrollment(this.em, studentId)]);
    return {
      currentWeek: enrollment?.currentWeek ?? null,
      tasksCompleted: enrollment ? await this.passedTasksOfWeek(studentId, enrollment.currentWeek, enrollment.programId) : 0,
      tasksTotal: TASKS_PER_WEEK,
      averageGrade: averageScore(submissions.filter((s) => s.latest)),
      activeCourse: enrollment ? { programId: enrollment.programId, programName: enrollment.programName, programType: enrollment.programType } : null,
    };
  }

  /** The student's tasks of week `weekNumber` in the program's subjects whose latest grade is passed. */
  private async passedTasksOfWeek(studentId: string, weekNumber: number, programId: string): Promise<number> {
    const read = readModelEm(this.em, GRADING_PROJECTION);
    const row = await orNone(
      read
        .createQueryBuilder(GradingSubmission, 's')
        .select(sql`count(*)::int`.as('n'))
        .join(read.createQueryBuilder(GradingWeek), 'w', { 'w.id': sql.ref('s.week_id') })
        .join(read.createQueryBuilder(GradingSubject), 'sj', { 'sj.id': sql.ref('s.subject_id') })
        .where({ studentId, latest: true, kind: 'task', status: 'passed', [sql.ref('w.week_number')]: weekNumber, [sql.ref('sj.program_id')]: programId })
        .execute<{ n: number } | undefined>('get'),
      undefined,
    );
    return row?.n ?? 0;
  }
}
