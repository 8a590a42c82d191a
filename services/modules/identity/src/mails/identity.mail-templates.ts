// The mails of the identity context (ARCHITECTURE.md §7). The worker's mail processor renders these
// from the event read back out of the store (personal part decrypted), so neither Redis nor BullMQ
// ever holds an address or a link, and an erasure made before sending means no mail at all.
import { mailbox, type MailTemplates } from '@academy/backend';
import { formatZonedDateTime, IDENTITY_EVENTS, ROLE_LABELS, TEMPORARY_PASSWORD_TTL_MS } from '@academy/contracts';
import type { AccountCredentialsIssuedData, AccountCredentialsIssuedPersonal, EmailVerificationRequestedData, EmailVerificationRequestedPersonal, TemporaryPasswordIssuedData } from '../domain/user.js';

const PRODUCT = 'Academy';
const VALID_DAYS = TEMPORARY_PASSWORD_TTL_MS / (24 * 3600 * 1000);

/** The person's name and address as a To header (the name without characters that would break it). */

/**
 * A mail that carries a temporary password (Create User's invitation, Re-issue password): the
 * greeting, `intro`, the sign-in block, then `closing`.
 */
function credentialsMail(p: AccountCredentialsIssuedPersonal, subject: string, intro: string, closing: string) {
  return {
    to: mailbox(p.fullName, p.email),
    subject,
    text: [`Hello ${p.fullName},`, '', intro, '', `Email: ${p.email}`, `Temporary password: ${p.temporaryPassword}`, '', p.signInUrl, '', closing].join('\n'),
  };
}

export const identityMailTemplates: MailTemplates = {
  [IDENTITY_EVENTS.EmailVerificationRequested]: (event, ctx) => {
    const p = event.personal?.data as EmailVerificationRequestedPersonal | undefined;
    if (!p) return null;
    const d = event.data as EmailVerificationRequestedData;
    const expires = formatZonedDateTime(d.expiresAt, ctx.config.ACADEMY_TIME_ZONE);
    return {
      to: mailbox(p.fullName, p.email),
      subject: `Verify your email for ${PRODUCT}`,
      text: [
        `Hello ${p.fullName},`,
        '',
        `Thank you for creating an account with ${PRODUCT}. Open this link to verify your email address:`,
        '',
        p.verifyUrl,
        '',
        `The link works until ${expires}. If you did not sign up, ignore this mail: no account is usable without it.`,
      ].join('\n'),
    };
  },
  [IDENTITY_EVENTS.AccountCredentialsIssued]: (event) => {
    const p = event.personal?.data as AccountCredentialsIssuedPersonal | undefined;
    if (!p) return null;
    const d = event.data as AccountCredentialsIssuedData;
    const role = ROLE_LABELS[d.role] ?? d.role;
    return credentialsMail(
      p,
      `Your ${PRODUCT} account`,
      `An ${PRODUCT} account has been created for you with the role ${role}. Sign in with:`,
      `You must change this password when you first sign in; it works for ${VALID_DAYS} days. Keep this mail private, and delete it once you have signed in.`,
    );
  },
  [IDENTITY_EVENTS.TemporaryPasswordIssued]: (event) => {
    const p = event.personal?.data as AccountCredentialsIssuedPersonal | undefined;
    if (!p) return null;
    const d = event.data as TemporaryPasswordIssuedData;
    const role = ROLE_LABELS[d.role] ?? d.role;
    return credentialsMail(
      p,
      `Your new ${PRODUCT} password`,
      `The academy has issued a new temporary password for your ${PRODUCT} account (role ${role}). Any earlier password no longer works. Sign in with:`,
      `This password works for ${VALID_DAYS} days. Change it when you sign in (or in Settings). Keep this mail private, and delete it once you have signed in.`,
    );
  },
};
