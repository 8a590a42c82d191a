import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../config.js';
import { loadJwtSecret } from './jwt-secret.js';
import { APP_CONFIG } from './tokens.js';

/** What an access token says: who, which role when issued, which session family (sid). */
export interface AccessClaims {
  sub: string;
  role: string;
  sid: string;
  iat: number;
  exp: number;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** How a token of ours is checked: the JwtStrategy (jwt.strategy.ts) verifies with exactly these. */
export interface AccessTokenVerification {
  key: KeyObject;
  algorithms: ['HS256'];
  issuer: string;
  audience: string;
}

/**
 * Short-lived HS256 access tokens (ARCHITECTURE.md §6): issued here, checked by the JwtStrategy with
 * `verification`; the refresh side lives in the identity context.
 */
@Injectable()
export class AccessTokens {
  readonly verification: AccessTokenVerification;
  private readonly jwt: JwtService;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A KeyObject made once: given a string, jsonwebtoken tries (and fails) to parse it as a public
    // key and then builds a secret key on every verify, a tenth of a request's CPU (docs/benchmarks.md).
    const key = createSecretKey(Buffer.from(loadJwtSecret(config)));
    this.verification = { key, algorithms: ['HS256'], issuer: 'academy', audience: 'academy-api' };
    this.jwt = new JwtService({ secret: key as unknown as Buffer, signOptions: { algorithm: 'HS256', issuer: 'academy', audience: 'academy-api' } });
  }

  issue(claims: { sub: string; role: string; sid: string }): { token: string; expiresAt: number } {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    return { token: this.jwt.sign({ sub: claims.sub, role: claims.role, sid: claims.sid, iat, exp }), expiresAt: exp };
  }
}
