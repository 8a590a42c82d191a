// Progress: the student's attempts by week and their scores over time, and the active enrollment's week (domain/figures.ts).
import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import type { ProgressResponse } from '@academy/contracts';
import { progress } from '../../domain/figures.js';
import { readActiveEnrollment, readStudentAttempts } from '../student-work.read.js';
import { MyProgress } from './my-progress.query.js';

@QueryHandler(MyProgress)
export class MyProgressHandler extends ReadModelQueryHandler<MyProgress> {
  async execute({ userId: studentId }: MyProgress): Promise<ProgressResponse> {
    const [submissions, enrollment] = await Promise.all([readStudentAttempts(this.em, studentId), readActiveEnrollment(this.em, studentId)]);
    return progress(submissions, enrollment?.currentWeek ?? null);
  }
}
