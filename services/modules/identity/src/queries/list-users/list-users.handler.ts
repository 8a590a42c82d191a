import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UsersListResponse } from '@academy/contracts';
import { UsersReader } from '../../projections/users/users.reader.js';
import { ListUsers } from './list-users.query.js';

@QueryHandler(ListUsers)
export class ListUsersHandler implements IQueryHandler<ListUsers> {
  constructor(private readonly users: UsersReader) {}

  execute(): Promise<UsersListResponse> {
    return this.users.list();
  }
}
