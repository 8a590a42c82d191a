import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import { EmailLookup, type EventStore, runCommand } from '@academy/event-store';
import { HONEYPOT_FIELD } from '@academy/contracts';
import { stageSubmission } from '../submit-prospect.js';
import { SubmitApplication } from './submit-application.command.js';

/**
 * One ApplicationSubmitted in its own stream, the person's data encrypted under the prospect's own
 * key, indexed under the keyed lookup of the address (ADR 0014). A filled honeypot is a bot: nothing
 * is stored and the caller cannot tell (position 0).
 */
@CommandHandler(SubmitApplication)
export class SubmitApplicationHandler implements ICommandHandler<SubmitApplication> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: EmailLookup,
  ) {}

  async execute({ caller, input }: SubmitApplication) {
    if (input[HONEYPOT_FIELD]) return { prospectId: null, position: 0 };
    const prospectId = randomUUID();
    const { firstName, lastName, email, phone, message } = input;
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: (unit) =>
        stageSubmission(unit, { type: 'SubmitApplication', prospectId, course: input.course, person: { firstName, lastName, email: email.toLowerCase(), phone, message }, emailLookup: this.lookup.of(email) }),
    });
    return { prospectId, position };
  }
}
