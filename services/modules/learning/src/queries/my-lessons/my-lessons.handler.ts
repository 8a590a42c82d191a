import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MyLessons } from './my-lessons.query.js';
import { readLessons } from './my-lessons.read.js';

@QueryHandler(MyLessons)
export class MyLessonsHandler implements IQueryHandler<MyLessons> {
  constructor(private readonly em: EntityManager) {}

  execute({ studentId }: MyLessons) {
    return readLessons(this.em, studentId);
  }
}
