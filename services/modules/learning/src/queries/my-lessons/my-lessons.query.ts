import { Query } from '@nestjs/cqrs';
import type { LessonsResponse } from '@academy/contracts';

/** Student Weekly Lessons: the student's own published weeks of their current week. */
export class MyLessons extends Query<LessonsResponse> {
  constructor(readonly studentId: string) {
    super();
  }
}
