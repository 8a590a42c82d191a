import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AdmissionsCounts } from './admissions-counts.query.js';
import { readAdmissionsCounts } from './admissions-counts.read.js';

@QueryHandler(AdmissionsCounts)
export class AdmissionsCountsHandler implements IQueryHandler<AdmissionsCounts> {
  constructor(private readonly em: EntityManager) {}

  execute() {
    return readAdmissionsCounts(this.em);
  }
}
