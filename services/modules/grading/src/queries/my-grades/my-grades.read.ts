// My Grades: every attempt of the student, and the summary over the latest ones (domain/figures.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MyGradesResponse } from '@academy/contracts';
import { gradesSummary } from '../../domain/figures.js';
import { readStudentAttempts } from '../student-work.read.js';

export async function readMyGrades(em: EntityManager, studentId: string): Promise<MyGradesResponse> {
  const submissions = await readStudentAttempts(em, studentId);
  return { submissions, summary: gradesSummary(submissions) };
}
