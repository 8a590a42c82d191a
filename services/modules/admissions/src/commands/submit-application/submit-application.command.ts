import { CallerCommand } from '@academy/backend';
import type { ParsedApplicationRequest } from '@academy/contracts';

/** The landing page's application form (spec §5, §7 send-contact-form). prospectId null: the honeypot was filled, nothing stored. */
export class SubmitApplication extends CallerCommand<ParsedApplicationRequest, { prospectId: string | null; position: number }> {}
