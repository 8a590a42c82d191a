import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ListSubjects } from './list-subjects.query.js';
import { readSubjects } from './list-subjects.read.js';

@QueryHandler(ListSubjects)
export class ListSubjectsHandler implements IQueryHandler<ListSubjects> {
  constructor(private readonly em: EntityManager) {}

  async execute({ filter }: ListSubjects) {
    return { subjects: await readSubjects(this.em, filter) };
  }
}
