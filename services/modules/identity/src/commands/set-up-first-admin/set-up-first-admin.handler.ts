import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, ReadModelGate } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { IDENTITY_MESSAGES, type SetupResponse } from '@academy/contracts';
import { newTemporaryPassword } from '../../passwords/passwords.js';
import { AccountCredentials } from '../account-credentials.js';
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
    private readonly credentials: AccountCredentials,
    private readonly gate: ReadModelGate,
  ) {}

  async execute({ caller }: SetUpFirstAdmin): Promise<SetupResponse & { position: number }> {
    if (await this.gate.check([USERS_PROJECTION], async ({ queries }) => (await queries.execute(new GetSetupStatus())).done, (isDone) => !isDone, caller.seen)) throw done();
    const { email, emailHash } = this.credentials.adminAddress();
    // Shown once to whoever set up the academy, not mailed.
    const { temporaryPassword: password, passwordHash } = await newTemporaryPassword();
    const register = { type: 'RegisterUser', userId: FIRST_ADMIN_ID, role: 'admin', email, emailHash, fullName: 'Administrator', passwordHash, selfRegistered: false, verification: null } as const;
    // Never retried: a concurrent setup that won is the answer (setup done). An address claimed by
    // anyone else, or an administrator already there, is refused with the same answer.
    const { position } = await runCommand(this.store, { ...caller.metadata, actorId: caller.metadata.actorId ?? FIRST_ADMIN_ID, actorRole: caller.metadata.actorRole ?? 'admin' }, {
      conflict: done,
      execute: (unit) =>
        registerAccount(unit, register).catch((e: unknown) => {
          throw e instanceof DomainError && e.kind === 'conflict' ? done() : e;
        }),
    });
    return { email, password, position };
  }
}
