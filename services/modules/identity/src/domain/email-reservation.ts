// One stream per normalised email (`email-<sha256>`): its first event claims the address. Appending
// with expectedVersion 0 makes two concurrent sign-ups with one email create one account.
import { createHash } from 'node:crypto';

export const EMAIL_RESERVED = 'EmailReserved';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const emailHash = (email: string) => createHash('sha256').update(normaliseEmail(email)).digest('hex');
export const emailStream = (hash: string) => `email-${hash}`;

export interface EmailReservedData {
  userId: string;
}
