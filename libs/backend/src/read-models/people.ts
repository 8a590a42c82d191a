// The `people` replica several contexts keep in their own read model (who is a student or teacher,
// their name and email), fed by identity's published events (ADR 0019). Each context owns its copy (its
// entity, its schema, its rebuilds); the handlers that keep it are written once here. A context adds
// its own clean-up to UserDeleted (its enrollments, assignments, submissions) after `forget`.
import { defineEntity, type EntityName, p } from '@mikro-orm/core';
import { type EventHandler, type Handler, type ProjectionTx, withTables } from '@academy/event-store';
import {
  IDENTITY_EVENTS,
  ProfileCompletedV1,
  publishedEventFor,
  RoleAssignedV1,
  StudentContactUpdatedV1,
  UserDeletedV1,
  UserRegisteredV1,
  type Role,
} from '@academy/contracts';
import { tableOf } from './table-of.js';

/** The columns of a context's `people` entity (ADR 0018: each context on MikroORM owns one, prefixed with its name). */
export interface PersonColumns {
  id: string;
  role: string;
  fullName?: string | null;
  email?: string | null;
}

/**
 * A context's `people` entity with every column peopleReplica writes, under the context's own entity
 * name (e.g. GradingPerson). Personal fields are null once the person is erased. `byEmail`: indexed
 * for finding a person by email.
 */
export const personReplicaEntity = (name: string, { byEmail }: { byEmail: boolean }) =>
  defineEntity({
    name,
    tableName: 'people',
    properties: {
      id: p.uuid().primary(),
      role: p.text().$type<Role>(),
      fullName: p.text().nullable(),
      email: byEmail ? p.text().nullable().index('people_email_idx') : p.text().nullable(),
    },
  });

/**
 * The same handlers for a context on MikroORM: the same rows, written through the transaction's
 * EntityManager into `entity` (the context's own `people` entity). One set for every such context:
 * spread `handlers`; a projection that adds clean-up to UserDeleted (RoleAssigned) overrides it, calls
 * `forget` (`changeRole`) first and declares `table` among the tables it writes.
 */
export function peopleReplica<T extends PersonColumns>(entity: EntityName<T>): { handlers: Record<string, Handler>; forget: EventHandler; changeRole: EventHandler; table: string } {
  // Written as the columns every context's entity has (a defineEntity's inferred type is not assignable to the interface's schema).
  const people = (tx: ProjectionTx) => tx.em.createQueryBuilder(entity as unknown as EntityName<PersonColumns>);
  const rename: EventHandler = async (e, tx) => {
    const event = publishedEventFor([ProfileCompletedV1, StudentContactUpdatedV1], e);
    const name = event.personal(e)?.fullName;
    if (name) await people(tx).update({ fullName: name }).where({ id: event.parse(e).userId }).execute();
  };
  const forget: EventHandler = async (e, tx) => {
    await people(tx).delete().where({ id: UserDeletedV1.parse(e).userId }).execute();
  };
  const changeRole: EventHandler = async (e, tx) => {
    const d = RoleAssignedV1.parse(e);
    await people(tx).update({ role: d.role }).where({ id: d.userId }).execute();
  };
  const table = tableOf(entity);
  const handlers = withTables({ writes: [table] }, {
    [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
      const d = UserRegisteredV1.parse(e);
      // Personal fields arrive decrypted, or not at all once the person is erased.
      const p = UserRegisteredV1.personal(e);
      await people(tx)
        .insert({ id: d.userId, role: d.role, fullName: p?.fullName ?? null, email: p?.email?.trim().toLowerCase() ?? null })
        .onConflict('id')
        .ignore()
        .execute();
    },
    [IDENTITY_EVENTS.RoleAssigned]: changeRole,
    [IDENTITY_EVENTS.ProfileCompleted]: rename,
    [IDENTITY_EVENTS.StudentContactUpdated]: rename,
    [IDENTITY_EVENTS.UserDeleted]: forget,
  });
  return { handlers, forget, changeRole, table };
}
