import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, EVENT_STORE } from '@academy/backend';
import { ConcurrencyError, DomainError, EmailLookup, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { IDENTITY_MESSAGES, type SetupResponse } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { normaliseEmail } from '../../domain/email-reservation.js';
import { newTemporaryPassword } from '../../passwords/passwords.js';
import { claimEmail } from '../../reservations/email-claims.js';
import { UsersReader } from '../../projections/users/users.reader.js';

/**
 * The first administrator has a fixed id: its stream `user-<FIRST_ADMIN_ID>` can be created once, so
 * of two simultaneous setups exactly one appends (the other's append fails on expectedVersion 0).
 */
export const FIRST_ADMIN_ID = '00000000-0000-4000-8000-00000000ad01';

const done = () => new DomainError('conflict', IDENTITY_MESSAGES.setupDone);

@Injectable()
export class SetUpFirstAdminHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersReader,
    private readonly lookup: EmailLookup,
  ) {}

  async isDone(): Promise<boolean> {
    return (await this.users.anyAdmin()) || (await this.store.readStream(userStream(FIRST_ADMIN_ID))).length > 0;
  }

  async execute(metadata: EventMetadata): Promise<SetupResponse & { position: number }> {
    if (await this.isDone()) throw done();
    const email = normaliseEmail(this.config.ACADEMY_ADMIN_EMAIL);
    const hash = this.lookup.of(email);
    const { temporaryPassword: password, passwordHash } = await newTemporaryPassword();
    // Already claimed by a concurrent setup (or one that stopped half-way): go on and let the user
    // stream decide; by anyone else, the address is not the administrator's to take.
    if (!(await claimEmail(this.store, hash, FIRST_ADMIN_ID, metadata))) throw done();
    try {
      const outcome = await handleCommand({
        store: this.store,
        streamId: userStream(FIRST_ADMIN_ID),
        decider: userDecider,
        metadata: { ...metadata, actorId: metadata.actorId ?? FIRST_ADMIN_ID, actorRole: metadata.actorRole ?? 'admin' },
        command: { type: 'RegisterUser', userId: FIRST_ADMIN_ID, role: 'admin', email, emailHash: hash, fullName: 'Administrator', passwordHash, selfRegistered: false, verification: null },
      });
      return { email, password, position: outcome.lastPosition };
    } catch (e) {
      if (e instanceof ConcurrencyError || (e instanceof DomainError && e.kind === 'conflict')) throw done();
      throw e;
    }
  }
}
