// The enrollment context's `people` (who is a student, their name and email) from identity's
// published events: the same rows libs/backend's peopleHandlers write with SQL, written here through
// the context's own entity and tx.em (ADR 0018: a context that keeps `people` has its entity, until
// the shared replicas of issue 15 §5).
import type { EventHandler, ProjectionTx, StoredEvent } from '@academy/event-store';
import { IDENTITY_EVENTS, ProfileCompletedV1, publishedEventFor, RoleAssignedV1, StudentContactUpdatedV1, UserDeletedV1, UserRegisteredV1 } from '@academy/contracts';
import { Person } from './person.entity.js';

const people = (tx: ProjectionTx) => tx.em.createQueryBuilder(Person);

async function rename(e: StoredEvent, tx: ProjectionTx) {
  const event = publishedEventFor([ProfileCompletedV1, StudentContactUpdatedV1], e);
  const name = event.personal(e)?.fullName;
  if (name) await people(tx).update({ fullName: name }).where({ id: event.parse(e).userId }).execute();
}

/** Removes the person (the projection's UserDeleted adds its own clean-up after it). */
export async function forgetPerson(e: StoredEvent, tx: ProjectionTx): Promise<void> {
  await people(tx).delete().where({ id: UserDeletedV1.parse(e).userId }).execute();
}

export const peopleHandlers: Record<string, EventHandler> = {
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
  [IDENTITY_EVENTS.RoleAssigned]: async (e, tx) => {
    const d = RoleAssignedV1.parse(e);
    await people(tx).update({ role: d.role }).where({ id: d.userId }).execute();
  },
  [IDENTITY_EVENTS.ProfileCompleted]: rename,
  [IDENTITY_EVENTS.StudentContactUpdated]: rename,
  [IDENTITY_EVENTS.UserDeleted]: forgetPerson,
};
