import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, principalOf } from '@academy/backend';
import { derivedEventId, DomainError, type EventStore, runCommand, signCheckpoint } from '@academy/event-store';
import { AUDIT_VERIFY_MESSAGES, type AuditCheckpoint } from '@academy/contracts';
import { CHAIN_VERIFIED, CHECKPOINT_SIGNED, CHECKPOINTS_STREAM, type ChainVerifiedData, VERIFICATIONS_STREAM } from '../../domain/audit-events.js';
import { AuditSigner } from '../../trail/infra.js';
import { SignCheckpoint } from './sign-checkpoint.command.js';

/**
 * A checkpoint signs a head that a verification walked to, not whatever the log's head is now: a
 * signature over an unchecked head would vouch for rows nobody checked. 409 until a verification passed.
 */
@CommandHandler(SignCheckpoint)
export class SignCheckpointHandler implements ICommandHandler<SignCheckpoint> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly signer: AuditSigner,
  ) {}

  async execute({ caller }: SignCheckpoint) {
    const lastOk = (await this.store.readStream(VERIFICATIONS_STREAM)).filter((e) => e.type === CHAIN_VERIFIED && (e.data as ChainVerifiedData).ok).at(-1);
    const head = (lastOk?.data as ChainVerifiedData | undefined)?.head;
    if (!head) throw new DomainError('conflict', AUDIT_VERIFY_MESSAGES.verifyFirst);
    const signed = signCheckpoint(this.signer.get(), head, caller.metadata.occurredAt);
    const byUserId = principalOf(caller).userId;
    const key = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      idempotencyKey: key,
      execute: (unit) => unit.emit(CHECKPOINTS_STREAM, [{ type: CHECKPOINT_SIGNED, data: { ...signed, byUserId, verificationId: (lastOk!.data as ChainVerifiedData).requestId } }], 'any'),
    });
    const checkpoint: AuditCheckpoint = { ...signed, id: derivedEventId(key, CHECKPOINTS_STREAM, 0), byUserId };
    return { checkpoint, position };
  }
}
