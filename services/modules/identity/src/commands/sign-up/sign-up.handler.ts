import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, EVENT_STORE } from '@academy/backend';
import { EmailLookup, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import type { SignUpRequest } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { normaliseEmail } from '../../domain/email-reservation.js';
import { claimEmail } from '../../reservations/email-claims.js';
import { assertPasswordAcceptable, hashPassword } from '../../passwords/passwords.js';
import { sha256 } from '../../sessions/session-store.js';

export const VERIFICATION_TTL_MS = 48 * 3600 * 1000;

export const publicUrl = (config: AppConfig) => (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '');
/** Where a mailed temporary password is used: the sign-in page. */
export const signInUrl = (config: AppConfig) => `${publicUrl(config)}/auth`;

/**
 * Self-registration as a student. The email is claimed first by appending to its reservation stream
 * with expectedVersion 0: of two concurrent sign-ups with one address, exactly one creates a user.
 * A taken address (or the reserved admin address) gets the same answer and writes nothing, so the
 * form cannot be used to find out who has an account.
 */
@Injectable()
export class SignUpHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lookup: EmailLookup,
  ) {}

  async execute(input: SignUpRequest, metadata: EventMetadata): Promise<{ position: number }> {
    assertPasswordAcceptable(input.password);
    const email = normaliseEmail(input.email);
    // Hash before claiming the address: the slow step never sits between the two appends.
    const passwordHash = await hashPassword(input.password);
    if (email === normaliseEmail(this.config.ACADEMY_ADMIN_EMAIL)) return { position: 0 };
    const userId = randomUUID();
    const hash = this.lookup.of(email);
    if (!(await claimEmail(this.store, hash, userId, metadata))) return { position: 0 };
    const token = randomBytes(32).toString('base64url');
    const outcome = await handleCommand({
      store: this.store,
      streamId: userStream(userId),
      decider: userDecider,
      metadata: { ...metadata, actorId: metadata.actorId ?? userId, actorRole: metadata.actorRole ?? 'student' },
      command: {
        type: 'RegisterUser',
        userId,
        role: 'student',
        email,
        emailHash: hash,
        fullName: input.fullName,
        passwordHash,
        selfRegistered: true,
        verification: {
          tokenHash: sha256(token),
          expiresAt: new Date(Date.parse(metadata.occurredAt) + VERIFICATION_TTL_MS).toISOString(),
          verifyUrl: `${publicUrl(this.config)}/auth/verify?token=${token}`,
        },
      },
    });
    return { position: outcome.lastPosition };
  }
}
