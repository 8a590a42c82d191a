import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MyNotifications } from './my-notifications.query.js';
import { readMyNotifications } from './my-notifications.read.js';

@QueryHandler(MyNotifications)
export class MyNotificationsHandler implements IQueryHandler<MyNotifications> {
  constructor(private readonly em: EntityManager) {}

  execute({ userId, limit }: MyNotifications) {
    return readMyNotifications(this.em, userId, limit);
  }
}
