// What the student's screens (My Grades, Progress, the student dashboard) read: every attempt of the
// student and their active enrollment, from the grading read schema.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import type { ProgramType, Submission } from '@academy/contracts';
import { GradingEnrollment } from '../projections/grading/enrollment.entity.js';
import { GradingProgram } from '../projections/grading/program.entity.js';
import { submissionsOf, submissionView } from './submission-view.read.js';
import { GRADING_PROJECTION } from '../projections/grading/grading.projection.js';

/** Every attempt of a student, newest first. */
export function readStudentAttempts(em: EntityManager, studentId: string): Promise<Submission[]> {
  return orNone(
    submissionsOf(
      submissionView(readModelEm(em, GRADING_PROJECTION))
        .where({ studentId })
        .orderBy([{ submittedAt: 'desc' }, { attempt: 'desc' }]),
    ),
    [],
  );
}

export interface ActiveEnrollment {
  programId: string;
  programName: string;
  programType: ProgramType;
  currentWeek: number;
}

/** The student's active enrollment (the most recently activated, should there be several) and its program. */
export async function readActiveEnrollment(em: EntityManager, studentId: string): Promise<ActiveEnrollment | null> {
  const read = readModelEm(em, GRADING_PROJECTION);
  const row = await orNone(
    read
      .createQueryBuilder(GradingEnrollment, 'e')
      .select(['e.programId', sql.ref('p.name').as('programName'), sql.ref('p.type').as('programType'), 'e.currentWeek'])
      .leftJoin(read.createQueryBuilder(GradingProgram), 'p', { 'p.id': sql.ref('e.program_id') })
      .where({ studentId, status: 'active' })
      .orderBy([{ activatedAt: 'desc nulls last' }, { enrolledAt: 'desc' }])
      .limit(1)
      .execute<{ programId: string; programName: string | null; programType: ProgramType | null; currentWeek: number } | undefined>('get'),
    undefined,
  );
  return row ? { programId: row.programId, programName: row.programName ?? '', programType: row.programType ?? 'evening', currentWeek: row.currentWeek } : null;
}
