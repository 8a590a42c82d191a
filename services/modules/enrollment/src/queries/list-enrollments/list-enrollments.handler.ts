import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EnrollmentsResponse } from '@academy/contracts';
import { ListEnrollments } from './list-enrollments.query.js';
import { readEnrollments } from './list-enrollments.read.js';

@QueryHandler(ListEnrollments)
export class ListEnrollmentsHandler implements IQueryHandler<ListEnrollments> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<EnrollmentsResponse> {
    return { enrollments: await readEnrollments(this.em) };
  }
}
