import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProspectSubmissions } from '../submit-prospect.js';
import { SendQuickContact } from './send-quick-contact.command.js';

/** One QuickContactReceived in its own stream, indexed under the keyed lookup of the address (ProspectSubmissions). */
@CommandHandler(SendQuickContact)
export class SendQuickContactHandler implements ICommandHandler<SendQuickContact> {
  constructor(private readonly submissions: ProspectSubmissions) {}

  execute({ caller, input }: SendQuickContact) {
    return this.submissions.submit(caller, input, { type: 'ReceiveQuickContact', person: { name: input.name, email: input.email.toLowerCase(), message: input.message } });
  }
}
