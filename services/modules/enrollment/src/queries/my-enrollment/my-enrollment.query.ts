import { Query } from '@nestjs/cqrs';
import type { MyEnrollmentResponse } from '@academy/contracts';

/** Student My Course: the student's ACTIVE enrollment, or null (spec §4). */
export class MyEnrollment extends Query<MyEnrollmentResponse> {
  constructor(readonly studentId: string) {
    super();
  }
}
