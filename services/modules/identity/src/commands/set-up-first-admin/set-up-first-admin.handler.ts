import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig, EVENT_STORE, ReadModelGate } from '@academy/backend';
import { ConcurrencyError, DomainError, EmailLookup, type EventStore, runCommand } from '@academy/event-store';
import { IDENTITY_MESSAGES, type SetupResponse } from '@academy/contracts';
import { normaliseEmail } from '../../domain/email-reservation.js';
import { newTemporaryPassword } from '../../passwords/passwords.js';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { GetSetupStatus } from '../../queries/setup-status/setup-status.query.js';
import { registerAccount } from '../register-account.js';
import { FIRST_ADMIN_ID } from './first-admin.js';
import { SetUpFirstAdmin } from './set-up-first-admin.command.js';

const done = () => new DomainError('conflict', IDENTITY_MESSAGES.setupDone);

@CommandHandler(SetUpFirstAdmin)
export class SetUpFirstAdminHandler implements ICommandHandler<SetUpFirstAdmin> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gate: ReadModelGate,
    private readonly queries: QueryBus,
    private readonly lookup: EmailLookup,
  ) {}

  async execute({ caller }: SetUpFirstAdmin): Promise<SetupResponse & { position: number }> {
    if (await this.gate.check([USERS_PROJECTION], async () => (await this.queries.execute(new GetSetupStatus())).done, (isDone) => !isDone, caller.seen)) throw done();
    const email = normaliseEmail(this.config.ACADEMY_ADMIN_EMAIL);
    const { temporaryPassword: password, passwordHash } = await newTemporaryPassword();
    try {
      // Never retried: a concurrent setup that won is the answer (setup done). An address claimed by
      // anyone else is not the administrator's to take.
      const { position } = await runCommand(this.store, { ...caller.metadata, actorId: caller.metadata.actorId ?? FIRST_ADMIN_ID, actorRole: caller.metadata.actorRole ?? 'admin' }, {
        execute: (unit) =>
          registerAccount(unit, { type: 'RegisterUser', userId: FIRST_ADMIN_ID, role: 'admin', email, emailHash: this.lookup.of(email), fullName: 'Administrator', passwordHash, selfRegistered: false, verification: null }),
      });
      return { email, password, position };
    } catch (e) {
      if (e instanceof ConcurrencyError || (e instanceof DomainError && e.kind === 'conflict')) throw done();
      throw e;
    }
  }
}
