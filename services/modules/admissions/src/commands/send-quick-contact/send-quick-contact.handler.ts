import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { EmailLookup, type EventMetadata, type EventStore } from '@academy/event-store';
import { HONEYPOT_FIELD, type ParsedQuickContactRequest } from '@academy/contracts';
import { submitProspect } from '../submit-prospect.js';

/**
 * The floating Quick Contact dialog (spec §2, §7 send-quick-contact): one QuickContactReceived in its
 * own stream, the person's data encrypted under the prospect's own key, indexed under the keyed lookup
 * of the address (ADR 0014). A filled honeypot stores nothing.
 */
@Injectable()
export class SendQuickContactHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: EmailLookup,
  ) {}

  async execute(input: ParsedQuickContactRequest, metadata: EventMetadata): Promise<{ prospectId: string | null; position: number }> {
    if (input[HONEYPOT_FIELD]) return { prospectId: null, position: 0 };
    const prospectId = randomUUID();
    const { position } = await submitProspect(
      this.store,
      { type: 'ReceiveQuickContact', prospectId, person: { name: input.name, email: input.email.toLowerCase(), message: input.message }, emailLookup: this.lookup.of(input.email) },
      metadata,
    );
    return { prospectId, position };
  }
}
