// /setup's question, from the read schema's views onto the live version of identity_users (MikroORM,
// ADR 0018) and, while the projection may lag, the first administrator's stream.
import { Inject } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, orNone, readModelEm } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import type { SetupStatus } from '@academy/contracts';
import { FIRST_ADMIN_ID } from '../../commands/set-up-first-admin/first-admin.js';
import { userStream } from '../../domain/user.js';
import { User } from '../../projections/users/user.entity.js';
import { GetSetupStatus } from './setup-status.query.js';
import { USERS_PROJECTION } from '../../projections/users/names.js';

/** Setup is over once any administrator exists, or the first one's stream does (the projection may lag it). */
@QueryHandler(GetSetupStatus)
export class GetSetupStatusHandler implements IQueryHandler<GetSetupStatus> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly em: EntityManager,
  ) {}

  async execute(): Promise<SetupStatus> {
    const admin = await orNone(readModelEm(this.em, USERS_PROJECTION).findOne(User, { role: 'admin' }, { fields: ['id'], disableIdentityMap: true }), null);
    return { done: admin !== null || (await this.store.readStream(userStream(FIRST_ADMIN_ID))).length > 0 };
  }
}
