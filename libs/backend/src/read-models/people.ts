// The `people` replica several contexts keep in their own read model (who is a student or teacher,
// their name and email), fed by identity's published events (ADR 0019). Each context owns its copy (its
// entity, its schema, its rebuilds); the handlers that keep it are written once here. A context adds
// its own clean-up to UserDeleted (its enrollments, assignments, submissions) after `forget`.
import type { EntityName } from '@mikro-orm/core';
import { sql } from 'kysely';
import { byIndexLookups, type EventHandler, foldedSet, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
import {
  IDENTITY_EVENTS,
  ProfileCompletedV1,
  publishedEventFor,
  RoleAssignedV1,
  StudentContactUpdatedV1,
  UserDeletedV1,
  UserRegisteredV1,
} from '@academy/contracts';

/** The columns of a context's `people` entity (ADR 0018: each context on MikroORM owns one, prefixed with its name). */
export interface PersonColumns {
  id: string;
  role: string;
  fullName?: string | null;
  email?: string | null;
}

/**
 * The same handlers for a context on MikroORM: the same rows, written through the transaction's
 * EntityManager into `entity` (the context's own `people` entity). One set for every such context:
 * spread `handlers`; a projection that adds clean-up to UserDeleted (RoleAssigned) overrides it and calls
 * `forget` (`changeRole`) first.
 */
export function peopleReplica<T extends PersonColumns>(
  entity: EntityName<T>,
): { handlers: Record<string, EventHandler>; forget: EventHandler; changeRole: EventHandler; set(options: { flushBefore: readonly string[] }): { set: SetHandler; handlers: Record<string, EventHandler> } } {
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
  const handlers: Record<string, EventHandler> = {
    [IDENTITY_EVENTS.UserRegistered]: async (e, tx) => {
      await people(tx).insert(registered(e)).onConflict('id').ignore().execute();
    },
    [IDENTITY_EVENTS.RoleAssigned]: changeRole,
    [IDENTITY_EVENTS.ProfileCompleted]: rename,
    [IDENTITY_EVENTS.StudentContactUpdated]: rename,
    [IDENTITY_EVENTS.UserDeleted]: forget,
  };
  /**
   * UserRegistered, ProfileCompleted and StudentContactUpdated a batch at a time (ADR 0035): the batch's new
   * people in one multi-row INSERT, then each one's last name in one UPDATE: two statements where one by one
   * it was one per event (two per student in a replay). `handlers` are the others (RoleAssigned, UserDeleted),
   * to spread instead of `peopleReplica(…).handlers`. `flushBefore`: the projection's events that write its
   * people or read them (they see the batch's people before them): at least RoleAssigned and UserDeleted.
   */
  const set = (options: { flushBefore: readonly string[] }) => {
    const types: string[] = [IDENTITY_EVENTS.UserRegistered, IDENTITY_EVENTS.ProfileCompleted, IDENTITY_EVENTS.StudentContactUpdated];
    const inSet = ([type]: [string, EventHandler]) => types.includes(type);
    return {
      handlers: Object.fromEntries(Object.entries(handlers).filter((h) => !inSet(h))),
      set: foldedSet({
        reference: Object.fromEntries(Object.entries(handlers).filter(inSet)),
        flushBefore: options.flushBefore,
        plan: planPeople,
        async write(plan, tx) {
          if (plan.inserts.length) await people(tx).insert(plan.inserts).onConflict('id').ignore().execute();
          if (plan.names.size) await writeNames(entity, plan.names, tx);
        },
      }),
    };
  };
  return { handlers, forget, changeRole, set };
}

/** A person as UserRegistered makes them. Personal fields arrive decrypted, or not at all once the person is erased. */
function registered(e: StoredEvent): PersonColumns {
  const d = UserRegisteredV1.parse(e);
  const p = UserRegisteredV1.personal(e);
  return { id: d.userId, role: d.role, fullName: p?.fullName ?? null, email: p?.email?.trim().toLowerCase() ?? null };
}

/** What a run of the set's events leaves: the people it registers (the first registration of an id wins), then each one's last name. */
export interface PeoplePlan {
  inserts: PersonColumns[];
  names: Map<string, string>;
}

/**
 * Folds UserRegistered, ProfileCompleted and StudentContactUpdated in log order. Null when a name comes
 * before the registration of its person in the same run (one by one it renamed nobody, or a row from
 * before the run): the caller applies that run one by one. An event without a name (erased) renames nobody.
 */
export function planPeople(events: StoredEvent[]): PeoplePlan | null {
  const inserts = new Map<string, PersonColumns>();
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.type === IDENTITY_EVENTS.UserRegistered) {
      const row = registered(e);
      if (names.has(row.id)) return null;
      if (!inserts.has(row.id)) inserts.set(row.id, row);
    } else {
      const event = publishedEventFor([ProfileCompletedV1, StudentContactUpdatedV1], e);
      const name = event.personal(e)?.fullName;
      if (name) names.set(event.parse(e).userId, name);
    }
  }
  return { inserts: [...inserts.values()], names };
}

/**
 * The names in one UPDATE … FROM unnest through em.getKysely(): MikroORM's QueryBuilder has no UPDATE from a
 * list of rows. Table and columns are the entity's (each context names its own).
 */
async function writeNames(entity: unknown, names: Map<string, string>, tx: ProjectionTx): Promise<void> {
  const meta = tx.em.getMetadata().get(entity as EntityName<PersonColumns>);
  const column = (property: keyof PersonColumns) => sql.ref(meta.properties[property].fieldNames[0]);
  await byIndexLookups(tx, () =>
    sql`UPDATE ${sql.table(meta.tableName)} AS p SET ${column('fullName')} = v.full_name
        FROM unnest(${[...names.keys()]}::uuid[], ${[...names.values()]}::text[]) AS v(id, full_name)
        WHERE p.${column('id')} = v.id`.execute(tx.em.getKysely()),
  );
}
