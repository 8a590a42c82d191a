// Keyed lookup values ("blind indexes", ADR 0014): where the system must find a record by a personal
// value (an email address) without storing the value, it stores HMAC-SHA256 of it under a subkey
// derived from the master key (HKDF-SHA256, one subkey per purpose). Unlike a plain sha256, a copy of
// the database alone does not let anyone test whether an address is in it: that needs the master key,
// which never enters the database (ADR 0003).
import { createHmac, hkdfSync } from 'node:crypto';
import { assertMasterKey } from './personal-data.js';

/** The purpose of the email lookup subkey. A new version means new lookup values everywhere. */
export const EMAIL_LOOKUP_PURPOSE = 'email-lookup/v1';

/** A 32-byte subkey for one purpose; the master key itself is never used for two jobs. */
export function deriveSubkey(masterKey: Buffer, purpose: string): Buffer {
  assertMasterKey(masterKey);
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.from('academy-subkey', 'utf8'), Buffer.from(purpose, 'utf8'), 32));
}

/** HMAC-SHA256 (hex) of values under one purpose's subkey: equal inputs give equal lookup values. */
export class LookupKey {
  private readonly key: Buffer;

  constructor(masterKey: Buffer, readonly purpose: string) {
    this.key = deriveSubkey(masterKey, purpose);
  }

  of(value: string): string {
    return createHmac('sha256', this.key).update(value, 'utf8').digest('hex');
  }
}

/** How every context spells an address before looking it up (identity's reservation, admissions' index). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The keyed lookup value of an email address (normalised first). */
export class EmailLookup {
  private readonly lookup: LookupKey;

  constructor(masterKey: Buffer) {
    this.lookup = new LookupKey(masterKey, EMAIL_LOOKUP_PURPOSE);
  }

  of(email: string): string {
    return this.lookup.of(normaliseEmail(email));
  }
}
