import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type CommandContext, EVENT_STORE } from '@academy/backend';
import { type CommandUnit, EmailLookup, type EventStore, runCommand } from '@academy/event-store';
import { HONEYPOT_FIELD, prospectStream } from '@academy/contracts';
import { applicantEmailStream, PROSPECT_EMAIL_LINKED, type ProspectEmailLinkData } from '../domain/applicant-email.js';
import { type ProspectCommand, prospectDecider } from '../domain/prospect.js';

type Submission = Extract<ProspectCommand, { type: 'SubmitApplication' | 'ReceiveQuickContact' }>;
/** A form's command without what submit() adds, the new prospect's id and the address's lookup (each form keeps its own fields). */
export type SubmittedForm<S = Submission> = S extends Submission ? Omit<S, 'prospectId' | 'emailLookup'> : never;

/** What the two public forms (Apply, Quick Contact) do with what a visitor sent. */
@Injectable()
export class ProspectSubmissions {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: EmailLookup,
  ) {}

  /**
   * A filled honeypot is a bot: nothing is stored and the caller cannot tell (prospectId null,
   * position 0). Otherwise the new prospect's own stream, the person's data encrypted under its own
   * key, and the link in the address's lookup stream (`applicant-email-<keyed lookup>`, ADR 0014,
   * appended whatever its version) go in ONE atomic append (ADR 0006, stageSubmission), so an account
   * deletion can never miss a prospect sent with its address.
   */
  async submit(caller: CommandContext, input: { [HONEYPOT_FIELD]?: string }, form: SubmittedForm): Promise<{ prospectId: string | null; position: number }> {
    if (input[HONEYPOT_FIELD]) return { prospectId: null, position: 0 };
    const prospectId = randomUUID();
    const command = { ...form, prospectId, emailLookup: this.lookup.of(form.person.email) } as Submission;
    const { position } = await runCommand(this.store, caller.metadata, { execute: (unit) => stageSubmission(unit, command) });
    return { prospectId, position };
  }
}

/** The pipeline step of a submission: the prospect's stream and the address's link, staged for one append. */
async function stageSubmission(unit: CommandUnit, command: Submission): Promise<void> {
  const prospect = await unit.load(prospectStream(command.prospectId), prospectDecider);
  unit.decide(prospect, prospectDecider, command);
  unit.emit(applicantEmailStream(command.emailLookup), [{ type: PROSPECT_EMAIL_LINKED, data: { prospectId: command.prospectId } satisfies ProspectEmailLinkData }], 'any');
}
