// The admissions lookup stream `applicant-email-<lookup>` (lookup = the keyed HMAC of the address,
// EmailLookup, ADR 0014): which prospects were submitted with one address. When the account with
// that address is deleted, every application and message under it is erased too (a person who asks
// to be forgotten is forgotten everywhere); an erased prospect's link is removed by an event.
// Read from the log, not from a read model, so a lagging projection cannot hide a prospect.

export const applicantEmailStream = (lookup: string) => `applicant-email-${lookup}`;

export const PROSPECT_EMAIL_LINKED = 'ProspectEmailLinked';
export const PROSPECT_EMAIL_UNLINKED = 'ProspectEmailUnlinked';

export interface ProspectEmailLinkData {
  prospectId: string;
}

/** The prospects linked (and not unlinked) by the events of the stream that come before `beforePosition`. */
export function linkedProspects(events: readonly { type: string; data: unknown; position: number }[], beforePosition = Number.POSITIVE_INFINITY): string[] {
  const linked = new Set<string>();
  for (const e of events) {
    if (e.position >= beforePosition) break;
    const { prospectId } = e.data as ProspectEmailLinkData;
    if (e.type === PROSPECT_EMAIL_LINKED) linked.add(prospectId);
    else if (e.type === PROSPECT_EMAIL_UNLINKED) linked.delete(prospectId);
  }
  return [...linked];
}
