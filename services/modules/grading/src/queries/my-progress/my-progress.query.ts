import { Query } from '@nestjs/cqrs';
import type { ProgressResponse } from '@academy/contracts';

/** Student Progress: the student's weeks and score trend. */
export class MyProgress extends Query<ProgressResponse> {
  constructor(readonly studentId: string) {
    super();
  }
}
