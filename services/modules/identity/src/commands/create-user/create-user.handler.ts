import { randomUUID } from 'node:crypto';
import { ForbiddenException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, FORBIDDEN } from '@academy/backend';
import { type EventStore, nameBasedUuid, Retry, runCommand } from '@academy/event-store';
import type { UserSummary } from '@academy/contracts';
import { emailTaken } from '../../domain/email-reservation.js';
import { userStream } from '../../domain/user.js';
import { AccountCredentials } from '../account-credentials.js';
import { registerAccount } from '../register-account.js';
import { CreateUser } from './create-user.command.js';

/** The account id a keyed CreateUser makes: the same key, the same account. */
export const createdUserId = (idempotencyKey: string) => nameBasedUuid(`identity-create-user\0${idempotencyKey}`);

/**
 * Staff create an account (admin Create User, student-admin Create; spec §5, §6). It gets a generated
 * password, is verified (the invitation mail proves the address) and must complete the first login
 * (firstLoginCompleted=false: /complete-profile sets a new password). `AccountCredentialsIssued`
 * carries the invitation mail in its encrypted part. Unlike self sign-up, a taken address is named
 * (409): staff may know who has an account. The claim of the address is appended with the account, so
 * two concurrent creates of one address produce one account.
 */
@CommandHandler(CreateUser)
export class CreateUserHandler implements ICommandHandler<CreateUser> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly credentials: AccountCredentials,
  ) {}

  async execute({ caller, input, options }: CreateUser): Promise<{ user: UserSummary; position: number }> {
    // An auditor reads the whole history (issue 16): only an admin makes one, not a student admin.
    if (input.role === 'auditor' && caller.metadata.actorRole !== 'admin') throw new ForbiddenException(FORBIDDEN);
    const { email, emailHash, reserved } = this.credentials.address(input.email);
    if (reserved) throw emailTaken();
    const { passwordHash, invitation } = await this.credentials.invitation();
    const userId = options.idempotencyKey === undefined ? randomUUID() : createdUserId(options.idempotencyKey);
    const { value: createdAt, position } = await runCommand(this.store, caller.metadata, {
      // Decided again on a conflict: the address is judged on what won the race (a loser gets 409 taken).
      retry: Retry.onConflict(5),
      idempotencyKey: options.idempotencyKey,
      execute: async (unit) => {
        if (options.idempotencyKey !== undefined) {
          // Sent again after it succeeded: the account is there, nothing more to append.
          const made = await unit.readStream(userStream(userId));
          if (made.events.length > 0) return made.events[0].metadata.occurredAt;
        }
        await registerAccount(unit, {
          type: 'RegisterUser',
          userId,
          role: input.role,
          email,
          emailHash,
          fullName: input.fullName,
          passwordHash,
          selfRegistered: false,
          verification: null,
          invitation,
          phone: input.phone,
        });
        return caller.metadata.occurredAt;
      },
    });
    const user: UserSummary = { id: userId, email, fullName: input.fullName, role: input.role, createdAt, verified: true, firstLoginCompleted: false };
    return { user, position };
  }
}
