import type { CommandUnit } from '@academy/event-store';
import { prospectStream } from '@academy/contracts';
import { applicantEmailStream, PROSPECT_EMAIL_LINKED, type ProspectEmailLinkData } from '../domain/applicant-email.js';
import { type ProspectCommand, prospectDecider } from '../domain/prospect.js';

/**
 * What the two public forms share, as one pipeline step: the new prospect's own stream and the link in
 * the address's lookup stream (`applicant-email-<lookup>`, appended whatever its version) go in one
 * atomic append (ADR 0006), so an account deletion can never miss a prospect sent with its address.
 */
export async function stageSubmission(unit: CommandUnit, command: Extract<ProspectCommand, { type: 'SubmitApplication' | 'ReceiveQuickContact' }>): Promise<void> {
  const prospect = await unit.load(prospectStream(command.prospectId), prospectDecider);
  unit.decide(prospect, prospectDecider, command);
  unit.emit(applicantEmailStream(command.emailLookup), [{ type: PROSPECT_EMAIL_LINKED, data: { prospectId: command.prospectId } satisfies ProspectEmailLinkData }], 'any');
}
