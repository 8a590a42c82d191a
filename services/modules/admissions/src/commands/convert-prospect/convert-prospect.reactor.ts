// Step 3 of 'Convert to student' (see convert-prospect.handler.ts): identity's answer to a request
// closes it on the applicant. AccountFromApplicationCreated → ApplicantConverted naming the account;
// AccountFromApplicationRefused → ApplicantConversionFailed (the compensation: the applicant keeps the
// status it had, the staff member sees why). Checkpointed in the worker; a re-run after a crash
// decides nothing (the request is no longer open) and its event ids are derived from the cause, so
// nothing is appended twice either way.
import { type EventStore, Retry, reactionEventId, type ReactorDefinition, runCommand, type StoredEvent } from '@academy/event-store';
import { accountFromApplicationCreatedSchema, accountFromApplicationRefusedSchema, CONVERSION_EVENTS, prospectStream } from '@academy/contracts';
import { type ProspectCommand, prospectDecider } from '../../domain/prospect.js';
import { CONVERSION_REACTOR } from './convert-prospect.read-models.js';

async function close(store: EventStore, cause: StoredEvent, prospectId: string, command: Extract<ProspectCommand, { type: 'CompleteConversion' | 'FailConversion' }>): Promise<void> {
  const metadata = { ...cause.metadata, causationId: cause.id };
  await runCommand(store, metadata, {
    // Only an erasure can slip in (status changes are refused while the request is open): decide again.
    retry: Retry.onConflict(10),
    idempotencyKey: reactionEventId(CONVERSION_REACTOR, cause.id),
    execute: async (unit) => {
      const prospect = await unit.load(prospectStream(prospectId), prospectDecider);
      unit.decide(prospect, prospectDecider, command);
    },
  });
}

export function conversionReactor(store: EventStore): ReactorDefinition {
  return {
    name: CONVERSION_REACTOR,
    reactions: {
      [CONVERSION_EVENTS.AccountFromApplicationCreated]: (e) => {
        const { prospectId, requestId, userId } = accountFromApplicationCreatedSchema.parse(e.data);
        return close(store, e, prospectId, { type: 'CompleteConversion', requestId, studentId: userId });
      },
      [CONVERSION_EVENTS.AccountFromApplicationRefused]: (e) => {
        const { prospectId, requestId, reason } = accountFromApplicationRefusedSchema.parse(e.data);
        return close(store, e, prospectId, { type: 'FailConversion', requestId, reason });
      },
    },
  };
}
