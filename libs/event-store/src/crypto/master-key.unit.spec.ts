import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadMasterKey } from './master-key.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'master-key-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadMasterKey', () => {
  it('takes ACADEMY_MASTER_KEY (base64 of 32 bytes) when set, in any mode, and writes no file', () => {
    const key = Buffer.alloc(32, 3);
    const env = { ACADEMY_MASTER_KEY: key.toString('base64'), NODE_ENV: 'production' };
    expect(loadMasterKey({ env, dataDir: dir }).equals(key)).toBe(true);
    expect(loadMasterKey({ env, dataDir: dir, production: false }).equals(key)).toBe(true);
    expect(() => statSync(path.join(dir, 'master.key'))).toThrow();
  });

  it('rejects a variable that is not 32 bytes, naming it', () => {
    expect(() => loadMasterKey({ env: { ACADEMY_MASTER_KEY: Buffer.alloc(16).toString('base64') }, dataDir: dir })).toThrow(/ACADEMY_MASTER_KEY.*32/);
  });

  it('outside production generates <dataDir>/master.key once (mode 600) and reuses it', () => {
    const data = path.join(dir, 'nested', '.data');
    const first = loadMasterKey({ env: {}, dataDir: data });
    expect(first).toHaveLength(32);
    const file = path.join(data, 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(loadMasterKey({ env: { NODE_ENV: 'development' }, dataDir: data }).equals(first)).toBe(true);
  });

  it('in production without the variable refuses to start, naming ACADEMY_MASTER_KEY', () => {
    expect(() => loadMasterKey({ env: { NODE_ENV: 'production' }, dataDir: dir })).toThrow(/ACADEMY_MASTER_KEY/);
    expect(() => loadMasterKey({ env: {}, dataDir: dir, production: true })).toThrow(/ACADEMY_MASTER_KEY/);
    expect(() => statSync(path.join(dir, 'master.key'))).toThrow();
  });
});
