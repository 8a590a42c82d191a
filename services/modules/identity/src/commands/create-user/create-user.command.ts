import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { Role, UserSummary } from '@academy/contracts';

/** An account staff create (createUserRequestSchema's output; admissions' convert passes role 'student'). */
export interface CreateUserInput {
  fullName: string;
  email: string;
  phone: string;
  role: Role;
}

/**
 * Admin Create User, student-admin Create, and admissions' Convert to student (through
 * CreateAccountFromApplication or by dispatching this class on the CommandBus).
 * `idempotencyKey` (optional): the account's id and its events' ids are derived from it, so the same
 * command sent again (a reactor after a crash) appends nothing and answers the account it made.
 */
export class CreateUser extends Command<{ user: UserSummary; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: CreateUserInput,
    readonly options: { idempotencyKey?: string } = {},
  ) {
    super();
  }
}
