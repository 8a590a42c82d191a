// What every path that makes an account or hands out a password shares (sign-up, Create User, the
// first setup, Re-issue password, the account made from an application, and admissions'
// AddressHasAccount): the address as accounts are keyed by it, and the links the mails carry.
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@academy/backend';
import { EmailLookup, normaliseEmail } from '@academy/event-store';
import { newTemporaryPassword } from '../passwords/passwords.js';
import { sha256 } from '../sessions/session-store.js';

/** How long a sign-up's verification link works. */
export const VERIFICATION_TTL_MS = 48 * 3600 * 1000;

export interface AccountAddress {
  /** Normalised: how accounts are keyed. */
  email: string;
  /** The keyed lookup of the address (ADR 0014): its reservation stream's key. */
  emailHash: string;
  /** The setup administrator's address, which is never anyone else's. */
  reserved: boolean;
}

/** A generated password's hash, and the invitation that mails the password with the sign-in page. */
export interface Invitation {
  passwordHash: string;
  invitation: { temporaryPassword: string; signInUrl: string };
}

@Injectable()
export class AccountCredentials {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lookup: EmailLookup,
  ) {}

  address(raw: string): AccountAddress {
    const email = normaliseEmail(raw);
    return { email, emailHash: this.lookup.of(email), reserved: email === normaliseEmail(this.config.ACADEMY_ADMIN_EMAIL) };
  }

  /** The setup administrator's own address (ACADEMY_ADMIN_EMAIL). */
  adminAddress(): AccountAddress {
    return this.address(this.config.ACADEMY_ADMIN_EMAIL);
  }

  /** Create User, Re-issue password and the account from an application: a new generated password, mailed. */
  async invitation(): Promise<Invitation> {
    const { temporaryPassword, passwordHash } = await newTemporaryPassword();
    return { passwordHash, invitation: { temporaryPassword, signInUrl: `${this.publicUrl()}/auth` } };
  }

  /** A sign-up's email verification: a fresh token's hash, when it expires, and the link that carries the token. */
  verification(occurredAt: string): { tokenHash: string; expiresAt: string; verifyUrl: string } {
    const token = randomBytes(32).toString('base64url');
    return {
      tokenHash: sha256(token),
      expiresAt: new Date(Date.parse(occurredAt) + VERIFICATION_TTL_MS).toISOString(),
      verifyUrl: `${this.publicUrl()}/auth/verify?token=${token}`,
    };
  }

  private publicUrl(): string {
    return (this.config.PUBLIC_URL ?? `http://${this.config.HOST}:${this.config.PORT}`).replace(/\/+$/, '');
  }
}
