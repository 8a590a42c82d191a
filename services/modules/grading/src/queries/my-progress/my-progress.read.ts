// Progress: the student's attempts by week and their scores over time, and the active enrollment's week (domain/figures.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProgressResponse } from '@academy/contracts';
import { progress } from '../../domain/figures.js';
import { readActiveEnrollment, readStudentAttempts } from '../student-work.read.js';

export async function readProgress(em: EntityManager, studentId: string): Promise<ProgressResponse> {
  const [submissions, enrollment] = await Promise.all([readStudentAttempts(em, studentId), readActiveEnrollment(em, studentId)]);
  return progress(submissions, enrollment?.currentWeek ?? null);
}
