import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProspectById } from './prospect-by-id.query.js';
import { readProspectById } from './prospect-by-id.read.js';

@QueryHandler(ProspectById)
export class ProspectByIdHandler implements IQueryHandler<ProspectById> {
  constructor(private readonly em: EntityManager) {}

  execute({ prospectId }: ProspectById) {
    return readProspectById(this.em, prospectId);
  }
}
