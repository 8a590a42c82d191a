import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyGradesResponse } from '@academy/contracts';
import { MyGrades } from './my-grades.query.js';
import { readMyGrades } from './my-grades.read.js';

@QueryHandler(MyGrades)
export class MyGradesHandler implements IQueryHandler<MyGrades> {
  constructor(private readonly em: EntityManager) {}

  execute({ studentId }: MyGrades): Promise<MyGradesResponse> {
    return readMyGrades(this.em, studentId);
  }
}
