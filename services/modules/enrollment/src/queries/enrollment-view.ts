// An enrollment as every enrollment screen shows it (Admin Enrollments, one enrollment, My Course):
// the row of `enrollments` with its student's name and email and its program's and subject's names,
// joined by id from the context's own copies. Shared by the get-enrollment, list-enrollments and
// my-enrollment query handlers; from the read schema's views onto the live version (ADR 0004), through MikroORM (ADR 0018).
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Enrollment, EnrollmentStatus, ProgramType } from '@academy/contracts';
import { EnrollmentRecord } from '../projections/enrollments/enrollment.entity.js';
import { Person } from '../projections/enrollments/person.entity.js';
import { Program } from '../projections/enrollments/program.entity.js';
import { Subject } from '../projections/enrollments/subject.entity.js';

/** One row of the view (the joined names are null when the person, program or subject is gone). */
export interface EnrollmentViewRow {
  id: string;
  code: string;
  studentId: string;
  studentName: string | null;
  studentEmail: string | null;
  programId: string;
  programName: string | null;
  programType: ProgramType | null;
  programDescription: string | null;
  subjectId: string;
  subjectName: string | null;
  status: EnrollmentStatus;
  currentWeek: number;
  enrolledAt: Date;
  activatedAt: Date | null;
  completedAt: Date | null;
  version: number;
}

export const toEnrollment = (r: EnrollmentViewRow): Enrollment => ({
  id: r.id,
  code: r.code,
  studentId: r.studentId,
  studentName: r.studentName ?? '',
  studentEmail: r.studentEmail ?? '',
  programId: r.programId,
  programName: r.programName ?? '',
  programType: r.programType ?? 'evening',
  programDescription: r.programDescription ?? '',
  subjectId: r.subjectId,
  subjectName: r.subjectName ?? '',
  status: r.status,
  currentWeek: r.currentWeek,
  enrolledAt: r.enrolledAt.toISOString(),
  activatedAt: r.activatedAt?.toISOString() ?? null,
  completedAt: r.completedAt?.toISOString() ?? null,
  version: r.version,
});

/**
 * The view's query, alias `e` for the enrollment: a caller adds its where, order and limit. The
 * students, programs and subjects are LEFT JOINed by id (they are not relations: their rows come and
 * go with other contexts' events, see enrollment.entity.ts), each as a sub-select of its entity.
 */
export function enrollmentView(read: EntityManager) {
  return read
    .createQueryBuilder(EnrollmentRecord, 'e')
    .select([
      'e.id',
      'e.code',
      'e.studentId',
      sql.ref('st.full_name').as('studentName'),
      sql.ref('st.email').as('studentEmail'),
      'e.programId',
      sql.ref('p.name').as('programName'),
      sql.ref('p.type').as('programType'),
      sql.ref('p.description').as('programDescription'),
      'e.subjectId',
      sql.ref('s.name').as('subjectName'),
      'e.status',
      'e.currentWeek',
      'e.enrolledAt',
      'e.activatedAt',
      'e.completedAt',
      'e.version',
    ])
    .leftJoin(read.createQueryBuilder(Person), 'st', { 'st.id': sql.ref('e.student_id') })
    .leftJoin(read.createQueryBuilder(Program), 'p', { 'p.id': sql.ref('e.program_id') })
    .leftJoin(read.createQueryBuilder(Subject), 's', { 's.id': sql.ref('e.subject_id') });
}
