import { masterKeyId, newDataKey, openPersonal, sealPersonal, unwrapDataKey, wrapDataKey } from './personal-data.js';

const master = Buffer.alloc(32, 1);

describe('personal data sealing', () => {
  it('round-trips, and the sealed form holds no plaintext', () => {
    const key = newDataKey();
    const sealed = sealPersonal(key, 'ev-1', 'subj-1', { email: 'a@example.org' });
    expect(JSON.stringify(sealed)).not.toContain('a@example.org');
    expect(openPersonal(key, 'ev-1', sealed)).toEqual({ email: 'a@example.org' });
  });

  it('does not open under another key, another event id, or with a changed byte', () => {
    const key = newDataKey();
    const sealed = sealPersonal(key, 'ev-1', 'subj-1', { email: 'a@example.org' });
    expect(() => openPersonal(newDataKey(), 'ev-1', sealed)).toThrow();
    expect(() => openPersonal(key, 'ev-2', sealed)).toThrow();
    const ct = Buffer.from(sealed.ct, 'base64');
    ct[0] ^= 1;
    expect(() => openPersonal(key, 'ev-1', { ...sealed, ct: ct.toString('base64') })).toThrow();
  });

  it('wraps data keys under the master key, bound to the subject, and names a wrong master key', () => {
    const key = newDataKey();
    const wrapped = wrapDataKey(master, 's-1', key);
    expect(wrapped.wrapped.includes(key)).toBe(false);
    expect(unwrapDataKey(master, 's-1', wrapped).equals(key)).toBe(true);
    expect(() => unwrapDataKey(master, 's-2', wrapped)).toThrow();
    expect(() => unwrapDataKey(Buffer.alloc(32, 2), 's-1', wrapped)).toThrow(new RegExp(masterKeyId(master)));
  });
});
