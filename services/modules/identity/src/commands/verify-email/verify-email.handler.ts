import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { IDENTITY_MESSAGES } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { UsersReader } from '../../projections/users/users.reader.js';
import { sha256 } from '../../sessions/session-store.js';

@Injectable()
export class VerifyEmailHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersReader,
  ) {}

  async execute(token: string, metadata: EventMetadata): Promise<{ position: number }> {
    const tokenHash = sha256(token);
    // The read model finds the user by the token's hash; the aggregate re-checks hash and expiry.
    const userId = await this.users.idByVerificationHash(tokenHash);
    if (!userId) throw new DomainError('invalid', IDENTITY_MESSAGES.invalidVerificationToken, { token: [IDENTITY_MESSAGES.invalidVerificationToken] });
    const outcome = await handleCommand({
      store: this.store,
      streamId: userStream(userId),
      decider: userDecider,
      metadata: { ...metadata, actorId: metadata.actorId ?? userId },
      command: { type: 'VerifyEmail', tokenHash, now: metadata.occurredAt },
    });
    return { position: outcome.lastPosition };
  }
}
