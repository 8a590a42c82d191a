import { randomBytes } from 'node:crypto';
import { generatedOnce } from '@academy/event-store';
import type { AppConfig } from '../config.js';

/**
 * JWT_SECRET when set (required in production, see config.ts). Otherwise a secret generated once into
 * `<ACADEMY_DATA_DIR>/jwt.secret` (mode 600) and reused, so sessions survive a restart in development;
 * written the way the master key is (generatedOnce), so concurrent starts never disagree on it.
 */
export function loadJwtSecret(config: Pick<AppConfig, 'JWT_SECRET' | 'ACADEMY_DATA_DIR' | 'NODE_ENV'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('JWT_SECRET is not set: it is required in production');
  const { file, text } = generatedOnce(config.ACADEMY_DATA_DIR, 'jwt.secret', () => `${randomBytes(48).toString('base64')}\n`);
  const secret = text.trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters: delete it to generate a new one`);
  return secret;
}
