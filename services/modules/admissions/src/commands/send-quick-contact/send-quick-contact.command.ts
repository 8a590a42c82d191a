import { CallerCommand } from '@academy/backend';
import type { ParsedQuickContactRequest } from '@academy/contracts';

/** The floating Quick Contact dialog (spec §2, §7 send-quick-contact). prospectId null: the honeypot was filled, nothing stored. */
export class SendQuickContact extends CallerCommand<ParsedQuickContactRequest, { prospectId: string | null; position: number }> {}
