import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SessionUserById } from './session-user.query.js';
import { readSessionUser } from './session-user.read.js';

@QueryHandler(SessionUserById)
export class SessionUserByIdHandler implements IQueryHandler<SessionUserById> {
  constructor(private readonly em: EntityManager) {}

  execute({ userId }: SessionUserById) {
    return readSessionUser(this.em, userId);
  }
}
