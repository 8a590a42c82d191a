import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyEnrollmentResponse } from '@academy/contracts';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';
import { MyEnrollment } from './my-enrollment.query.js';

@QueryHandler(MyEnrollment)
export class MyEnrollmentHandler implements IQueryHandler<MyEnrollment> {
  constructor(private readonly enrollments: EnrollmentsReader) {}

  async execute({ studentId }: MyEnrollment): Promise<MyEnrollmentResponse> {
    return { enrollment: await this.enrollments.activeOf(studentId) };
  }
}
