// My Grades: every attempt of the student, and the summary over the latest ones (domain/figures.ts).
import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import type { MyGradesResponse } from '@academy/contracts';
import { gradesSummary } from '../../domain/figures.js';
import { readStudentAttempts } from '../student-work.read.js';
import { MyGrades } from './my-grades.query.js';

@QueryHandler(MyGrades)
export class MyGradesHandler extends ReadModelQueryHandler<MyGrades> {
  async execute({ userId: studentId }: MyGrades): Promise<MyGradesResponse> {
    const submissions = await readStudentAttempts(this.em, studentId);
    return { submissions, summary: gradesSummary(submissions) };
  }
}
