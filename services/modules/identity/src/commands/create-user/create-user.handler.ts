import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, EVENT_STORE } from '@academy/backend';
import { DomainError, EmailLookup, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { type CreateUserRequest, IDENTITY_MESSAGES, type UserSummary } from '@academy/contracts';
import { normaliseEmail } from '../../domain/email-reservation.js';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { newTemporaryPassword } from '../../passwords/passwords.js';
import { claimEmail } from '../../reservations/email-claims.js';
import { signInUrl } from '../sign-up/sign-up.handler.js';

type ParsedCreateUser = { fullName: string; email: string; phone: string; role: CreateUserRequest['role'] };

const taken = () => new DomainError('conflict', IDENTITY_MESSAGES.emailTaken, { email: [IDENTITY_MESSAGES.emailTaken] });

/**
 * Staff create an account (admin Create User, student-admin Create; spec §5, §6). It gets a generated
 * password, is verified (the invitation mail proves the address) and must complete the first login
 * (firstLoginCompleted=false: /complete-profile sets a new password). `AccountCredentialsIssued`
 * carries the invitation mail in its encrypted part. Unlike self sign-up, a taken address is named
 * (409): staff may know who has an account. The reservation stream makes two concurrent creates of
 * one address produce one account.
 */
@Injectable()
export class CreateUserHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lookup: EmailLookup,
  ) {}

  async execute(input: ParsedCreateUser, metadata: EventMetadata): Promise<{ user: UserSummary; position: number }> {
    const email = normaliseEmail(input.email);
    // The setup administrator's address is never anyone else's.
    if (email === normaliseEmail(this.config.ACADEMY_ADMIN_EMAIL)) throw taken();
    const { temporaryPassword, passwordHash } = await newTemporaryPassword();
    const userId = randomUUID();
    const hash = this.lookup.of(email);
    if (!(await claimEmail(this.store, hash, userId, metadata))) throw taken();
    const outcome = await handleCommand({
      store: this.store,
      streamId: userStream(userId),
      decider: userDecider,
      metadata,
      command: {
        type: 'RegisterUser',
        userId,
        role: input.role,
        email,
        emailHash: hash,
        fullName: input.fullName,
        passwordHash,
        selfRegistered: false,
        verification: null,
        invitation: { temporaryPassword, signInUrl: signInUrl(this.config) },
        phone: input.phone,
      },
    });
    const user: UserSummary = { id: userId, email, fullName: input.fullName, role: input.role, createdAt: metadata.occurredAt, verified: true, firstLoginCompleted: false };
    return { user, position: outcome.lastPosition };
  }
}
