import { CommandHandler } from '@nestjs/cqrs';
import { GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { IDENTITY_MESSAGES } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { sha256 } from '../../sessions/session-store.js';
import { VerifyEmail } from './verify-email.command.js';
import { readUserIdByVerificationHash } from './verify-email.read.js';

@CommandHandler(VerifyEmail)
export class VerifyEmailHandler extends GatedCommandHandler<VerifyEmail> {
  async execute({ caller, token }: VerifyEmail): Promise<{ position: number }> {
    const tokenHash = sha256(token);
    // The read model finds the user by the token's hash (an unknown token is confirmed at the log's
    // head: the sign-up may be a moment old); the aggregate re-checks hash and expiry.
    const userId = await this.gate.check([USERS_PROJECTION], ({ em }) => readUserIdByVerificationHash(em, tokenHash), (id) => id !== null, caller.seen);
    if (!userId) throw new DomainError('invalid', IDENTITY_MESSAGES.invalidVerificationToken, { token: [IDENTITY_MESSAGES.invalidVerificationToken] });
    const { position } = await runCommand(this.store, { ...caller.metadata, actorId: caller.metadata.actorId ?? userId }, {
      execute: async (unit) => unit.decide(await unit.load(userStream(userId), userDecider), userDecider, { type: 'VerifyEmail', tokenHash, now: caller.metadata.occurredAt }),
    });
    return { position };
  }
}
