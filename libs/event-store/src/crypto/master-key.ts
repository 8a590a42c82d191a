// Where the master key (the key-encryption key of crypto-shredding) comes from: ADR 0003.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MASTER_KEY_ENV = 'ACADEMY_MASTER_KEY';

export interface LoadMasterKeyOptions {
  env?: Record<string, string | undefined>;
  /** Where the development default `master.key` lives (e.g. `<repo>/.data`). */
  dataDir: string;
  /** Refuse to generate a key; default: env.NODE_ENV === 'production'. */
  production?: boolean;
}

function decode(text: string, from: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) {
    throw new Error(`${from} must be the base64 of exactly 32 random bytes (got ${key.length} bytes); generate one with: openssl rand -base64 32`);
  }
  return key;
}

/**
 * ACADEMY_MASTER_KEY (base64 of 32 bytes) when set. Otherwise, outside production, a key generated
 * once into `<dataDir>/master.key` (mode 600) and reused on every later start; in production, an
 * error: a generated key next to the data it protects would defeat the point.
 */
export function loadMasterKey(options: LoadMasterKeyOptions): Buffer {
  return loadKeyBytes(options, {
    envName: MASTER_KEY_ENV,
    fileName: 'master.key',
    missingInProduction: `${MASTER_KEY_ENV} is not set: in production the event store's master key must come from the environment (base64 of 32 bytes, e.g. openssl rand -base64 32), kept in a secret store and backed up apart from the database`,
  });
}

/**
 * 32 secret bytes: base64 in the environment variable `envName` when set; otherwise, outside
 * production, generated once into `<dataDir>/<fileName>` (mode 600); in production, an error.
 */
export function loadKeyBytes(options: LoadMasterKeyOptions, key: { envName: string; fileName: string; missingInProduction: string }): Buffer {
  const env = options.env ?? process.env;
  const production = options.production ?? env.NODE_ENV === 'production';
  const fromEnv = env[key.envName];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return decode(fromEnv, key.envName);
  if (production) throw new Error(key.missingInProduction);
  const { file, text } = generatedOnce(options.dataDir, key.fileName, () => `${randomBytes(32).toString('base64')}\n`);
  return decode(text, file);
}

/**
 * The text of `<dir>/<fileName>`, written first with `generate()` (mode 600) when there is no such file:
 * the development default of a secret (the master key, the signing key, the JWT secret). Written whole
 * to a private temp file, then hard-linked into place: link() fails if the file exists, so two
 * processes starting at once never disagree on the secret nor read a half-written file.
 */
export function generatedOnce(dir: string, fileName: string, generate: () => string): { file: string; text: string } {
  const file = path.join(dir, fileName);
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, generate(), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  chmodSync(file, 0o600);
  return { file, text: readFileSync(file, 'utf8') };
}
