import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MySubjects } from './my-subjects.query.js';
import { readMySubjects } from './my-subjects.read.js';

@QueryHandler(MySubjects)
export class MySubjectsHandler implements IQueryHandler<MySubjects> {
  constructor(private readonly em: EntityManager) {}

  async execute({ teacherId }: MySubjects) {
    return { subjects: await readMySubjects(this.em, teacherId) };
  }
}
