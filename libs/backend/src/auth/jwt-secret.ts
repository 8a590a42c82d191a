import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.js';

/**
 * JWT_SECRET when set (required in production, see config.ts). Otherwise a secret generated once into
 * `<ACADEMY_DATA_DIR>/jwt.secret` (mode 600) and reused, so sessions survive a restart in development.
 * Same publish-by-link() trick as the master key: concurrent starts never disagree on the secret.
 */
export function loadJwtSecret(config: Pick<AppConfig, 'JWT_SECRET' | 'ACADEMY_DATA_DIR' | 'NODE_ENV'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('JWT_SECRET is not set: it is required in production');
  const file = path.join(config.ACADEMY_DATA_DIR, 'jwt.secret');
  mkdirSync(config.ACADEMY_DATA_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, `${randomBytes(48).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters: delete it to generate a new one`);
  return secret;
}
