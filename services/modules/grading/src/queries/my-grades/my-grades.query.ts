import { Query } from '@nestjs/cqrs';
import type { MyGradesResponse } from '@academy/contracts';

/** Student My Grades: the student's own attempts and the summary cards. */
export class MyGrades extends Query<MyGradesResponse> {
  constructor(readonly studentId: string) {
    super();
  }
}
