import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyEnrollmentResponse } from '@academy/contracts';
import { MyEnrollment } from './my-enrollment.query.js';
import { readActiveEnrollment } from './my-enrollment.read.js';

@QueryHandler(MyEnrollment)
export class MyEnrollmentHandler implements IQueryHandler<MyEnrollment> {
  constructor(private readonly em: EntityManager) {}

  async execute({ studentId }: MyEnrollment): Promise<MyEnrollmentResponse> {
    return { enrollment: await readActiveEnrollment(this.em, studentId) };
  }
}
