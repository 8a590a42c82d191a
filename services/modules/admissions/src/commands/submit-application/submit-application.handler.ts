import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { EmailLookup, type EventMetadata, type EventStore } from '@academy/event-store';
import { HONEYPOT_FIELD, type ParsedApplicationRequest } from '@academy/contracts';
import { submitProspect } from '../submit-prospect.js';

/**
 * The landing page's application form (spec §5, §7 send-contact-form): one ApplicationSubmitted in
 * its own stream, the person's data encrypted under the prospect's own key, indexed under the keyed
 * lookup of the address (ADR 0014). A filled honeypot is a
 * bot: nothing is stored and the caller cannot tell (position 0).
 */
@Injectable()
export class SubmitApplicationHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: EmailLookup,
  ) {}

  async execute(input: ParsedApplicationRequest, metadata: EventMetadata): Promise<{ prospectId: string | null; position: number }> {
    if (input[HONEYPOT_FIELD]) return { prospectId: null, position: 0 };
    const prospectId = randomUUID();
    const { firstName, lastName, email, phone, message } = input;
    const { position } = await submitProspect(
      this.store,
      { type: 'SubmitApplication', prospectId, course: input.course, person: { firstName, lastName, email: email.toLowerCase(), phone, message }, emailLookup: this.lookup.of(email) },
      metadata,
    );
    return { prospectId, position };
  }
}
