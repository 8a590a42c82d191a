import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '@academy/backend';
import type { Prospect } from '@academy/contracts';
import { readProspects } from '../prospect-rows.read.js';
import { ProspectById } from './prospect-by-id.query.js';

@QueryHandler(ProspectById)
export class ProspectByIdHandler implements IQueryHandler<ProspectById> {
  constructor(private readonly em: EntityManager) {}

  async execute({ prospectId }: ProspectById): Promise<Prospect | null> {
    if (!isUuid(prospectId)) return null;
    const [prospect] = await readProspects(this.em, { id: prospectId });
    return prospect ?? null;
  }
}
