import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EnrollmentsResponse } from '@academy/contracts';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';
import { ListEnrollments } from './list-enrollments.query.js';

@QueryHandler(ListEnrollments)
export class ListEnrollmentsHandler implements IQueryHandler<ListEnrollments> {
  constructor(private readonly enrollments: EnrollmentsReader) {}

  async execute(): Promise<EnrollmentsResponse> {
    return { enrollments: await this.enrollments.list() };
  }
}
