import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EnrollmentCountsResponse } from '@academy/contracts';
import { EnrollmentCounts } from './enrollment-counts.query.js';
import { readEnrollmentCounts } from './enrollment-counts.read.js';

@QueryHandler(EnrollmentCounts)
export class EnrollmentCountsHandler implements IQueryHandler<EnrollmentCounts> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<EnrollmentCountsResponse> {
    return { counts: await readEnrollmentCounts(this.em) };
  }
}
