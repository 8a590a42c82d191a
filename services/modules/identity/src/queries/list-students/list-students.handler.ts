import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { StudentsListResponse } from '@academy/contracts';
import { UsersReader } from '../../projections/users/users.reader.js';
import { ListStudents } from './list-students.query.js';

@QueryHandler(ListStudents)
export class ListStudentsHandler implements IQueryHandler<ListStudents> {
  constructor(private readonly users: UsersReader) {}

  async execute(): Promise<StudentsListResponse> {
    return { students: await this.users.students() };
  }
}
