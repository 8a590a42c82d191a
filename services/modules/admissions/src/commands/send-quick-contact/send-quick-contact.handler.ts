import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { HONEYPOT_FIELD, type ParsedQuickContactRequest, prospectStream } from '@academy/contracts';
import { prospectDecider } from '../../domain/prospect.js';

/**
 * The floating Quick Contact dialog (spec §2, §7 send-quick-contact): one QuickContactReceived in its
 * own stream, the person's data encrypted under the prospect's own key. A filled honeypot stores nothing.
 */
@Injectable()
export class SendQuickContactHandler {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute(input: ParsedQuickContactRequest, metadata: EventMetadata): Promise<{ prospectId: string | null; position: number }> {
    if (input[HONEYPOT_FIELD]) return { prospectId: null, position: 0 };
    const prospectId = randomUUID();
    const outcome = await handleCommand({
      store: this.store,
      streamId: prospectStream(prospectId),
      decider: prospectDecider,
      metadata,
      command: { type: 'ReceiveQuickContact', prospectId, person: { name: input.name, email: input.email.toLowerCase(), message: input.message } },
    });
    return { prospectId, position: outcome.lastPosition };
  }
}
