// The teacher dashboard's figures: subjects assigned, their programs' active students and most common
// week (domain/figures.ts), and the latest attempts of those subjects waiting for review.
import { sql } from '@mikro-orm/core';
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { TeacherDashboardResponse } from '@academy/contracts';
import { cohortWeek } from '../../domain/figures.js';
import { GradingAssignment } from '../../projections/grading/assignment.entity.js';
import { GradingEnrollment } from '../../projections/grading/enrollment.entity.js';
import { GradingSubject } from '../../projections/grading/subject.entity.js';
import { GradingSubmission } from '../../projections/grading/submission.entity.js';
import { TeacherDashboard } from './teacher-dashboard.query.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';

@QueryHandler(TeacherDashboard)
export class TeacherDashboardHandler extends ReadModelQueryHandler<TeacherDashboard> {
  async execute({ userId: teacherId }: TeacherDashboard): Promise<TeacherDashboardResponse> {
    const read = readModelEm(this.em, GRADING_PROJECTION);
    const subjects = () => read.createQueryBuilder(GradingAssignment, 'a').select('a.subjectId').where({ teacherId });
    const [courses, pending, students] = await Promise.all([
      orNone(
        read
          .createQueryBuilder(GradingAssignment, 'a')
          .select(sql`count(distinct a.subject_id)::int`.as('n'))
          .where({ teacherId })
          .execute<{ n: number } | undefined>('get'),
        undefined,
      ),
      // Latest attempts with no grade or a pending one (the stored `pending` is that, spec §4).
      orNone(
        read
          .createQueryBuilder(GradingSubmission, 's')
          .select(sql`count(*)::int`.as('n'))
          .where({ latest: true, $or: [{ status: null }, { status: 'pending' }], subjectId: { $in: subjects() } })
          .execute<{ n: number } | undefined>('get'),
        undefined,
      ),
      // Distinct (student, week) pairs of active enrollments in the programs of the teacher's subjects.
      orNone(
        read
          .createQueryBuilder(GradingEnrollment, 'e')
          .select(['e.studentId', 'e.currentWeek'])
          .distinct()
          .where({
            status: 'active',
            programId: {
              $in: read
                .createQueryBuilder(GradingAssignment, 'a2')
                .select(sql.ref('sj.program_id'))
                .join(read.createQueryBuilder(GradingSubject), 'sj', { 'sj.id': sql.ref('a2.subject_id') })
                .where({ teacherId }),
            },
          })
          .execute<{ studentId: string; currentWeek: number }[]>('all'),
        [],
      ),
    ]);
    const cohort = cohortWeek(students);
    return { activeCourses: courses?.n ?? 0, totalStudents: cohort.totalStudents, pendingGrading: pending?.n ?? 0, currentWeek: cohort.currentWeek };
  }
}
