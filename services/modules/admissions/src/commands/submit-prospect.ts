import type { EventMetadata, EventStore } from '@academy/event-store';
import { prospectStream } from '@academy/contracts';
import { applicantEmailStream, PROSPECT_EMAIL_LINKED, type ProspectEmailLinkData } from '../domain/applicant-email.js';
import { decideProspect, initialProspectState, type ProspectCommand } from '../domain/prospect.js';

/**
 * One new application or message: its own stream, and the link in the address's lookup stream
 * (`applicant-email-<lookup>`), in one atomic append (ADR 0006), so an account deletion can never
 * miss a prospect sent with its address.
 */
export async function submitProspect(
  store: EventStore,
  command: Extract<ProspectCommand, { type: 'SubmitApplication' | 'ReceiveQuickContact' }>,
  metadata: EventMetadata,
): Promise<{ position: number }> {
  const events = decideProspect(command, initialProspectState());
  const [prospect, link] = await store.appendMany([
    { streamId: prospectStream(command.prospectId), expectedVersion: 0, events: events.map((e) => ({ type: e.type, data: e.data, personal: e.personal, metadata })) },
    {
      streamId: applicantEmailStream(command.emailLookup),
      expectedVersion: 'any',
      events: [{ type: PROSPECT_EMAIL_LINKED, data: { prospectId: command.prospectId } satisfies ProspectEmailLinkData, metadata }],
    },
  ]);
  return { position: Math.max(prospect.lastPosition, link.lastPosition) };
}
