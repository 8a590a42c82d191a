import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, principalOf } from '@academy/backend';
import { checkpointProblem, derivedEventId, DomainError, type EventStore, runCommand } from '@academy/event-store';
import { CHAIN_VERIFICATION_REQUESTED, type ChainVerificationRequestedData, VERIFICATIONS_STREAM } from '../../domain/audit-events.js';
import { AuditSigner } from '../../trail/infra.js';
import { RequestVerification } from './request-verification.command.js';

/**
 * Appends ChainVerificationRequested; the worker's dispatcher makes it a job (id = this event's id).
 * A checkpoint's signature is checked here, with the key the API holds: a forged or altered file is
 * a 400 before any work is queued.
 */
@CommandHandler(RequestVerification)
export class RequestVerificationHandler implements ICommandHandler<RequestVerification> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly signer: AuditSigner,
  ) {}

  async execute({ caller, input }: RequestVerification) {
    const checkpoint = input.checkpoint;
    if (checkpoint) {
      const problem = checkpointProblem(this.signer.get(), checkpoint);
      if (problem) throw new DomainError('invalid', `The checkpoint does not verify: ${problem}`, { checkpoint: [`The checkpoint does not verify: ${problem}`] });
    }
    const data: ChainVerificationRequestedData = { byUserId: principalOf(caller).userId, expectedHead: checkpoint ? { position: checkpoint.position, hash: checkpoint.headHash } : null };
    // A key of our own so the event's id (the job's id) is known before the append.
    const key = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      idempotencyKey: key,
      execute: (unit) => unit.emit(VERIFICATIONS_STREAM, [{ type: CHAIN_VERIFICATION_REQUESTED, data }], 'any'),
    });
    return { id: derivedEventId(key, VERIFICATIONS_STREAM, 0), position };
  }
}
