import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import { ListSubjects } from './list-subjects.query.js';
import { readSubjects } from './list-subjects.read.js';

@QueryHandler(ListSubjects)
export class ListSubjectsHandler extends ReadModelQueryHandler<ListSubjects> {
  async execute({ filter }: ListSubjects) {
    return { subjects: await readSubjects(this.em, filter) };
  }
}
