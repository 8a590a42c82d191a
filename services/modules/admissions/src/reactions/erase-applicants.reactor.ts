// Erasure follows the person (ADR 0014). UserDeleted (identity) → every application and message sent
// with the deleted account's address before the deletion is erased too: an admin who deletes a
// person must not leave their application listed to staff. The prospects are found through the
// address's lookup stream (keyed HMAC, read from the log: a lagging read model cannot hide one).
// ApplicantErased → the prospect's key is destroyed, again: if the API stopped between the append and
// the shredding, the worker finishes it. Both reactions are idempotent (derived event ids, and
// eraseSubject of an erased subject changes nothing).
import { DomainError, type EventStore, reactionEventId, type ReactorDefinition, type StoredEvent } from '@academy/event-store';
import { ADMISSIONS_EVENTS, ApplicantErasedV1, IDENTITY_EVENTS, prospectSubject, UserDeletedV1 } from '@academy/contracts';
import { applicantEmailStream, linkedProspects } from '../domain/applicant-email.js';
import { eraseProspect } from '../commands/erase-prospect/erase-prospect.js';

export const ERASE_APPLICANTS_REACTOR = 'admissions-erasure';

export async function eraseApplicantsOfDeletedUser(store: EventStore, cause: StoredEvent): Promise<void> {
  const { emailLookup } = UserDeletedV1.parse(cause);
  if (!emailLookup) return;
  const prospects = linkedProspects(await store.readStream(applicantEmailStream(emailLookup)), cause.position);
  const metadata = { actorId: null, actorRole: 'system', correlationId: cause.metadata.correlationId, causationId: cause.id, occurredAt: cause.metadata.occurredAt };
  for (const prospectId of prospects) {
    try {
      const key = reactionEventId(ERASE_APPLICANTS_REACTOR, `${cause.id}/${prospectId}`);
      await eraseProspect(store, prospectId, { type: 'EraseApplicant', byUserId: null, now: cause.metadata.occurredAt, reason: 'account_deleted' }, metadata, key);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e; // erased already (by staff, or by this reaction before a crash)
    }
  }
}

export function admissionsReactors(store: EventStore): ReactorDefinition[] {
  return [
    {
      name: ERASE_APPLICANTS_REACTOR,
      reactions: {
        [IDENTITY_EVENTS.UserDeleted]: (e) => eraseApplicantsOfDeletedUser(store, e),
        [ADMISSIONS_EVENTS.ApplicantErased]: (e) => store.eraseSubject(prospectSubject(ApplicantErasedV1.parse(e).prospectId)),
      },
    },
  ];
}
