import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProspectsReader } from '../../projections/prospects/prospects.reader.js';
import { AdmissionsCounts } from './admissions-counts.query.js';

@QueryHandler(AdmissionsCounts)
export class AdmissionsCountsHandler implements IQueryHandler<AdmissionsCounts> {
  constructor(private readonly prospects: ProspectsReader) {}

  execute() {
    return this.prospects.counts();
  }
}
