import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import { EmailLookup, type EventStore, runCommand } from '@academy/event-store';
import { HONEYPOT_FIELD } from '@academy/contracts';
import { stageSubmission } from '../submit-prospect.js';
import { SendQuickContact } from './send-quick-contact.command.js';

/**
 * One QuickContactReceived in its own stream, the person's data encrypted under the prospect's own
 * key, indexed under the keyed lookup of the address (ADR 0014). A filled honeypot stores nothing.
 */
@CommandHandler(SendQuickContact)
export class SendQuickContactHandler implements ICommandHandler<SendQuickContact> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: EmailLookup,
  ) {}

  async execute({ caller, input }: SendQuickContact) {
    if (input[HONEYPOT_FIELD]) return { prospectId: null, position: 0 };
    const prospectId = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: (unit) =>
        stageSubmission(unit, { type: 'ReceiveQuickContact', prospectId, person: { name: input.name, email: input.email.toLowerCase(), message: input.message }, emailLookup: this.lookup.of(input.email) }),
    });
    return { prospectId, position };
  }
}
