import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ListProspects } from './list-prospects.query.js';
import { readListProspects } from './list-prospects.read.js';

@QueryHandler(ListProspects)
export class ListProspectsHandler implements IQueryHandler<ListProspects> {
  constructor(private readonly em: EntityManager) {}

  async execute({ filter }: ListProspects) {
    return { prospects: await readListProspects(this.em, filter) };
  }
}
