// File-system behaviour of the development JWT secret (no database needed, but real I/O: int).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadJwtSecret } from './jwt-secret.js';

describe('loadJwtSecret', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'jwt-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('uses JWT_SECRET when set', () => {
    expect(loadJwtSecret({ JWT_SECRET: 's'.repeat(40), ACADEMY_DATA_DIR: dir, NODE_ENV: 'production' })).toBe('s'.repeat(40));
  });

  it('generates one private secret outside production and reuses it on the next start', () => {
    const a = loadJwtSecret({ ACADEMY_DATA_DIR: dir, NODE_ENV: 'development' });
    const b = loadJwtSecret({ ACADEMY_DATA_DIR: dir, NODE_ENV: 'test' });
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt.secret'), 'utf8').trim()).toBe(a);
    expect(statSync(path.join(dir, 'jwt.secret')).mode & 0o777).toBe(0o600);
  });

  it('refuses to generate one in production', () => {
    expect(() => loadJwtSecret({ ACADEMY_DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });
});
