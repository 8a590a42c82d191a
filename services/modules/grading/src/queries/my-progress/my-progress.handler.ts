// Progress: the student's attempts by week and their scores over time, and the active enrollment's week (domain/figures.ts).
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ProgressResponse } from '@academy/contracts';
import { progress } from '../../domain/figures.js';
import { readActiveEnrollment, readStudentAttempts } from '../student-work.read.js';
import { MyProgress } from './my-progress.query.js';

@QueryHandler(MyProgress)
export class MyProgressHandler implements IQueryHandler<MyProgress> {
  constructor(private readonly em: EntityManager) {}

  async execute({ userId: studentId }: MyProgress): Promise<ProgressResponse> {
    const [submissions, enrollment] = await Promise.all([readStudentAttempts(this.em, studentId), readActiveEnrollment(this.em, studentId)]);
    return progress(submissions, enrollment?.currentWeek ?? null);
  }
}
