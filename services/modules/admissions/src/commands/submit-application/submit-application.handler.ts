import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { HONEYPOT_FIELD, type ParsedApplicationRequest, prospectStream } from '@academy/contracts';
import { prospectDecider } from '../../domain/prospect.js';

/**
 * The landing page's application form (spec §5, §7 send-contact-form): one ApplicationSubmitted in
 * its own stream, the person's data encrypted under the prospect's own key. A filled honeypot is a
 * bot: nothing is stored and the caller cannot tell (position 0).
 */
@Injectable()
export class SubmitApplicationHandler {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute(input: ParsedApplicationRequest, metadata: EventMetadata): Promise<{ prospectId: string | null; position: number }> {
    if (input[HONEYPOT_FIELD]) return { prospectId: null, position: 0 };
    const prospectId = randomUUID();
    const { firstName, lastName, email, phone, message } = input;
    const outcome = await handleCommand({
      store: this.store,
      streamId: prospectStream(prospectId),
      decider: prospectDecider,
      metadata,
      command: { type: 'SubmitApplication', prospectId, course: input.course, person: { firstName, lastName, email: email.toLowerCase(), phone, message } },
    });
    return { prospectId, position: outcome.lastPosition };
  }
}
