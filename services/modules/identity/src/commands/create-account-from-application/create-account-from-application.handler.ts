import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CreateAccountFromApplication, type CreateAccountFromApplicationResult } from '@academy/contracts';
import { CreateUserHandler } from '../create-user/create-user.handler.js';

/**
 * Admissions' 'Convert to student' (issue 7) reaches identity through Nest's CommandBus with a
 * command type from libs/contracts, so neither context imports the other. The account is made exactly
 * like Create User's: generated password, AccountCredentialsIssued mail, 409 when the address is taken.
 */
@CommandHandler(CreateAccountFromApplication)
export class CreateAccountFromApplicationHandler implements ICommandHandler<CreateAccountFromApplication, CreateAccountFromApplicationResult> {
  constructor(private readonly createUser: CreateUserHandler) {}

  async execute(command: CreateAccountFromApplication): Promise<CreateAccountFromApplicationResult> {
    const { user, position } = await this.createUser.execute({ ...command.input, role: 'student' }, command.metadata);
    return { userId: user.id, position };
  }
}
