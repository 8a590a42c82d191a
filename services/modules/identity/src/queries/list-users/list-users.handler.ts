import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UsersListResponse } from '@academy/contracts';
import { ListUsers } from './list-users.query.js';
import { readUsers } from './list-users.read.js';

@QueryHandler(ListUsers)
export class ListUsersHandler implements IQueryHandler<ListUsers> {
  constructor(private readonly em: EntityManager) {}

  execute({ userId }: ListUsers): Promise<UsersListResponse> {
    return readUsers(this.em, userId);
  }
}
