import { DomainError, type EventMetadata, type EventStore, Retry, runCommand } from '@academy/event-store';
import { ADMISSIONS_MESSAGES, prospectStream, prospectSubject } from '@academy/contracts';
import { applicantEmailStream, PROSPECT_EMAIL_UNLINKED, type ProspectEmailLinkData } from '../../domain/applicant-email.js';
import { type ProspectCommand, prospectDecider } from '../../domain/prospect.js';

/**
 * Erases one applicant (ADR 0003, ADR 0014), for the staff action and for the account-deletion
 * reaction alike:
 * 1. `ApplicantErased` on the prospect and `ProspectEmailUnlinked` in the address's lookup stream, in
 *    one atomic append (the prospect's part guarded by the version read);
 * 2. the data key of `prospect-<id>` is destroyed: the name, email, phone and message read as erased
 *    in every replay, backup and audit, and the hash chain still verifies.
 * A prospect erased before (409) still gets step 2, so a repeat after a crash between the steps
 * finishes the job; the reactor does the same for every `ApplicantErased` it sees.
 * Erasure does not depend on what anyone saw (any status), so a status change that slipped in is
 * decided again (Retry.onConflict). `idempotencyKey` makes a reaction's re-run append nothing twice.
 */
export async function eraseProspect(
  store: EventStore,
  prospectId: string,
  command: Extract<ProspectCommand, { type: 'EraseApplicant' }>,
  metadata: EventMetadata,
  idempotencyKey?: string,
): Promise<{ position: number }> {
  const streamId = prospectStream(prospectId);
  const { position } = await runCommand(store, metadata, {
    retry: Retry.onConflict(10),
    conflict: () => new DomainError('conflict', ADMISSIONS_MESSAGES.changedMeanwhile),
    idempotencyKey,
    execute: async (unit) => {
      const prospect = await unit.load(streamId, prospectDecider);
      try {
        unit.decide(prospect, prospectDecider, command);
      } catch (e) {
        if (e instanceof DomainError && prospect.state.erased) await store.eraseSubject(prospectSubject(prospectId));
        throw e;
      }
      const lookup = prospect.state.emailLookup;
      if (lookup) unit.emit(applicantEmailStream(lookup), [{ type: PROSPECT_EMAIL_UNLINKED, data: { prospectId } satisfies ProspectEmailLinkData }], 'any');
    },
  });
  await store.eraseSubject(prospectSubject(prospectId));
  return { position };
}
