import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProspectsReader } from '../../projections/prospects/prospects.reader.js';
import { ListProspects } from './list-prospects.query.js';

@QueryHandler(ListProspects)
export class ListProspectsHandler implements IQueryHandler<ListProspects> {
  constructor(private readonly prospects: ProspectsReader) {}

  async execute({ filter }: ListProspects) {
    return { prospects: await this.prospects.list(filter) };
  }
}
