import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ListPrograms } from './list-programs.query.js';
import { readPrograms } from './list-programs.read.js';

@QueryHandler(ListPrograms)
export class ListProgramsHandler implements IQueryHandler<ListPrograms> {
  constructor(private readonly em: EntityManager) {}

  async execute({ programId }: ListPrograms) {
    return { programs: await readPrograms(this.em, programId) };
  }
}
