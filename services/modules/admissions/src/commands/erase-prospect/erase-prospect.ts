import { ConcurrencyError, DomainError, type EventMetadata, type EventStore, fold, type NewEvent, type StreamAppend } from '@academy/event-store';
import { ADMISSIONS_MESSAGES, prospectStream, prospectSubject } from '@academy/contracts';
import { applicantEmailStream, PROSPECT_EMAIL_UNLINKED, type ProspectEmailLinkData } from '../../domain/applicant-email.js';
import { decideProspect, type ProspectCommand, prospectDecider } from '../../domain/prospect.js';

const ATTEMPTS = 10;

/**
 * Erases one applicant (ADR 0003, ADR 0014), for the staff action and for the account-deletion
 * reaction alike:
 * 1. `ApplicantErased` on the prospect and `ProspectEmailUnlinked` in the address's lookup stream, in
 *    one atomic append (the prospect's part guarded by the version read);
 * 2. the data key of `prospect-<id>` is destroyed: the name, email, phone and message read as erased
 *    in every replay, backup and audit, and the hash chain still verifies.
 * A prospect erased before (409) still gets step 2, so a repeat after a crash between the steps
 * finishes the job; the reactor does the same for every `ApplicantErased` it sees.
 * `eventId` makes a reaction's retry idempotent (the store drops an append it already has).
 */
export async function eraseProspect(
  store: EventStore,
  prospectId: string,
  command: Extract<ProspectCommand, { type: 'EraseApplicant' }>,
  metadata: EventMetadata,
  eventIds?: { erased: string; unlinked: string },
): Promise<{ position: number }> {
  const streamId = prospectStream(prospectId);
  for (let attempt = 0; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = fold(prospectDecider, history);
    let events;
    try {
      events = decideProspect(command, state);
    } catch (e) {
      if (e instanceof DomainError && state.erased) await store.eraseSubject(prospectSubject(prospectId));
      throw e;
    }
    const appends: StreamAppend[] = [
      { streamId, expectedVersion: history.at(-1)?.streamVersion ?? 0, events: events.map((e): NewEvent => ({ id: eventIds?.erased, type: e.type, data: e.data, metadata })) },
    ];
    if (state.emailLookup) {
      appends.push({
        streamId: applicantEmailStream(state.emailLookup),
        expectedVersion: 'any',
        events: [{ id: eventIds?.unlinked, type: PROSPECT_EMAIL_UNLINKED, data: { prospectId } satisfies ProspectEmailLinkData, metadata }],
      });
    }
    try {
      const results = await store.appendMany(appends);
      await store.eraseSubject(prospectSubject(prospectId));
      return { position: Math.max(...results.map((r) => r.lastPosition)) };
    } catch (e) {
      // A status change slipped in (the reaction holds no lock): erase what the prospect is now.
      if (e instanceof ConcurrencyError && attempt < ATTEMPTS) continue;
      if (e instanceof ConcurrencyError) throw new DomainError('conflict', ADMISSIONS_MESSAGES.changedMeanwhile);
      throw e;
    }
  }
}
