import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { StudentsListResponse } from '@academy/contracts';
import { ListStudents } from './list-students.query.js';
import { readStudents } from './list-students.read.js';

@QueryHandler(ListStudents)
export class ListStudentsHandler implements IQueryHandler<ListStudents> {
  constructor(private readonly em: EntityManager) {}

  async execute({ studentId }: ListStudents): Promise<StudentsListResponse> {
    return { students: await readStudents(this.em, studentId) };
  }
}
