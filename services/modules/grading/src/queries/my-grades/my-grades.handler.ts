// My Grades: every attempt of the student, and the summary over the latest ones (domain/figures.ts).
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyGradesResponse } from '@academy/contracts';
import { gradesSummary } from '../../domain/figures.js';
import { readStudentAttempts } from '../student-work.read.js';
import { MyGrades } from './my-grades.query.js';

@QueryHandler(MyGrades)
export class MyGradesHandler implements IQueryHandler<MyGrades> {
  constructor(private readonly em: EntityManager) {}

  async execute({ userId: studentId }: MyGrades): Promise<MyGradesResponse> {
    const submissions = await readStudentAttempts(this.em, studentId);
    return { submissions, summary: gradesSummary(submissions) };
  }
}
