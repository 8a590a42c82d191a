import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProspectSubmissions } from '../submit-prospect.js';
import { SubmitApplication } from './submit-application.command.js';

/** One ApplicationSubmitted in its own stream, indexed under the keyed lookup of the address (ProspectSubmissions). */
@CommandHandler(SubmitApplication)
export class SubmitApplicationHandler implements ICommandHandler<SubmitApplication> {
  constructor(private readonly submissions: ProspectSubmissions) {}

  execute({ caller, input }: SubmitApplication) {
    const { firstName, lastName, email, phone, message } = input;
    return this.submissions.submit(caller, input, { type: 'SubmitApplication', course: input.course, person: { firstName, lastName, email: email.toLowerCase(), phone, message } });
  }
}
