import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EVENT_STORE, isUuid, principalOf, ReadModelGate } from '@academy/backend';
import { DomainError, type EventStore, Retry, runCommand } from '@academy/event-store';
import { AddressHasAccount, ADMISSIONS_MESSAGES, type ApplicantConvertedData, applicantConversionFailedSchema, prospectStream } from '@academy/contracts';
import { assertConvertible, assertShownVersion, prospectDecider } from '../../domain/prospect.js';
import { ProspectById } from '../../queries/prospect-by-id/prospect-by-id.query.js';
import { conversionOutcome, loadSettled } from '../conversion-wait.js';
import { CONVERT_READ_MODELS } from './convert-prospect.read-models.js';
import { ConvertProspect, type ConvertProspectResult } from './convert-prospect.command.js';

const emailHasAccount = () => new DomainError('conflict', ADMISSIONS_MESSAGES.emailHasAccount, { email: [ADMISSIONS_MESSAGES.emailHasAccount] });

/**
 * 'Convert to student' as a process (issue 14; the reactions are in convert-prospect.reactor.ts and
 * identity's create-account-from-application slice):
 * 1. here: refuse what cannot convert (409 converted / declined / quick contact / stale version; 409
 *    emailHasAccount when identity says the address has an account: nothing is written), then append
 *    `ApplicantConversionRequested` (the person in the encrypted part) guarded by the version read;
 * 2. worker, identity: creates the account (ids derived from the request) → AccountFromApplicationCreated,
 *    or AccountFromApplicationRefused (the address was taken meanwhile, or the applicant erased);
 * 3. worker, admissions: `ApplicantConverted`, or the compensation `ApplicantConversionFailed`.
 * The staff member's answer waits for step 3 (bounded): 201 with the converted row, 409 emailHasAccount,
 * or 202 while the worker has not answered (the process still ends by itself).
 * A convert that finds another under way waits for it, then decides again: of concurrent converts one
 * requests, the others answer 409 alreadyConverted.
 */
@CommandHandler(ConvertProspect)
export class ConvertProspectHandler implements ICommandHandler<ConvertProspect> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queries: QueryBus,
    private readonly gate: ReadModelGate,
  ) {}

  async execute({ caller, prospectId, input }: ConvertProspect): Promise<ConvertProspectResult> {
    if (!isUuid(prospectId)) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    const byUserId = principalOf(caller).userId;
    const streamId = prospectStream(prospectId);
    const requestId = randomUUID();
    const requested = await runCommand(this.store, caller.metadata, {
      // Converting does not depend on what the staff member saw beyond expectedVersion (checked on
      // every try): a conflict is another convert or a status change, decided again on what it wrote.
      retry: Retry.onConflict(5),
      conflict: () => new DomainError('conflict', ADMISSIONS_MESSAGES.changedMeanwhile),
      execute: async (unit) => {
        const prospect = await loadSettled(this.store, unit, streamId);
        assertShownVersion(prospect.state, input.expectedVersion);
        assertConvertible(prospect.state);
        if (await this.queries.execute(new AddressHasAccount(prospect.state.applicant!.email))) throw emailHasAccount();
        unit.decide(prospect, prospectDecider, { type: 'RequestConversion', requestId, byUserId, now: caller.metadata.occurredAt });
      },
    });
    const outcome = await conversionOutcome(this.store, streamId, requested.streamVersions[streamId]);
    if (!outcome) return { outcome: 'pending', position: requested.position };
    if (outcome.type !== 'ApplicantConverted') {
      const { reason } = applicantConversionFailedSchema.parse(outcome.data);
      throw reason === 'erased' ? new DomainError('conflict', ADMISSIONS_MESSAGES.alreadyErased) : emailHasAccount();
    }
    const { studentId } = outcome.data as ApplicantConvertedData;
    // The answer is the row as the Prospective screens show it (their own query), once identity's read
    // model shows the new account too (the Students screen lists it).
    const prospect = await this.gate.shown(CONVERT_READ_MODELS, outcome.position, new ProspectById(prospectId));
    if (!prospect) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    return { outcome: 'converted', prospect, studentId, position: outcome.position };
  }
}
