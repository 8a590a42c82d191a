// The catalog's `people` replica (identity's published events), written through the transaction's
// EntityManager. The same rows libs/backend's `peopleHandlers` writes with SQL for the contexts that
// are not on MikroORM yet; the catalog adds its own clean-up to RoleAssigned and UserDeleted.
import type { EventHandler } from '@academy/event-store';
import {
  IDENTITY_EVENTS,
  ProfileCompletedV1,
  publishedEventFor,
  RoleAssignedV1,
  StudentContactUpdatedV1,
  UserDeletedV1,
  UserRegisteredV1,
} from '@academy/contracts';
import { CatalogPerson } from './person.entity.js';

export const rememberPerson: EventHandler = async (e, tx) => {
  const d = UserRegisteredV1.parse(e);
  // Personal fields arrive decrypted, or not at all once the person is erased.
  const p = UserRegisteredV1.personal(e);
  await tx.em
    .createQueryBuilder(CatalogPerson)
    .insert({ id: d.userId, role: d.role, fullName: p?.fullName ?? null, email: p?.email?.trim().toLowerCase() ?? null })
    .onConflict('id')
    .ignore()
    .execute();
};

export const changePersonRole: EventHandler = async (e, tx) => {
  const d = RoleAssignedV1.parse(e);
  await tx.em.createQueryBuilder(CatalogPerson).update({ role: d.role }).where({ id: d.userId }).execute();
};

export const renamePerson: EventHandler = async (e, tx) => {
  const event = publishedEventFor([ProfileCompletedV1, StudentContactUpdatedV1], e);
  const name = event.personal(e)?.fullName;
  if (name) await tx.em.createQueryBuilder(CatalogPerson).update({ fullName: name }).where({ id: event.parse(e).userId }).execute();
};

export const forgetPerson: EventHandler = async (e, tx) => {
  await tx.em.createQueryBuilder(CatalogPerson).delete().where({ id: UserDeletedV1.parse(e).userId }).execute();
};

/** The handlers of the people table (the projection overrides RoleAssigned and UserDeleted to add its clean-up, calling these first). */
export const peopleHandlers: Record<string, EventHandler> = {
  [IDENTITY_EVENTS.UserRegistered]: rememberPerson,
  [IDENTITY_EVENTS.RoleAssigned]: changePersonRole,
  [IDENTITY_EVENTS.ProfileCompleted]: renamePerson,
  [IDENTITY_EVENTS.StudentContactUpdated]: renamePerson,
  [IDENTITY_EVENTS.UserDeleted]: forgetPerson,
};
