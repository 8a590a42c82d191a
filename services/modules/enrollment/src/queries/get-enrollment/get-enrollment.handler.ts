import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { type Enrollment, ENROLLMENT_MESSAGES } from '@academy/contracts';
import { GetEnrollment } from './get-enrollment.query.js';
import { readEnrollment } from './get-enrollment.read.js';

/** 404 for an unknown or malformed id, a deleted student's enrollment, and another student's. */
@QueryHandler(GetEnrollment)
export class GetEnrollmentHandler implements IQueryHandler<GetEnrollment> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal, enrollmentId }: GetEnrollment): Promise<{ enrollment: Enrollment }> {
    const enrollment = await readEnrollment(this.em, enrollmentId);
    if (!enrollment || (principal.role !== 'admin' && enrollment.studentId !== principal.userId)) {
      throw new DomainError('not_found', ENROLLMENT_MESSAGES.enrollmentNotFound);
    }
    return { enrollment };
  }
}
