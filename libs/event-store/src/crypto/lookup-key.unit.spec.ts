import { createHash, createHmac } from 'node:crypto';
import { deriveSubkey, EmailLookup, LookupKey } from './lookup-key.js';

const master = Buffer.alloc(32, 1);

describe('keyed lookup values', () => {
  it('are HMAC-SHA256 under a subkey per purpose, never the master key itself nor a plain sha256', () => {
    const email = 'ada@example.com';
    const lookup = new EmailLookup(master).of(email);
    expect(lookup).toMatch(/^[0-9a-f]{64}$/);
    expect(lookup).not.toBe(createHash('sha256').update(email).digest('hex'));
    expect(lookup).not.toBe(createHmac('sha256', master).update(email).digest('hex'));
    expect(lookup).toBe(createHmac('sha256', deriveSubkey(master, 'email-lookup/v1')).update(email).digest('hex'));
    expect(deriveSubkey(master, 'a').equals(deriveSubkey(master, 'b'))).toBe(false);
    expect(new LookupKey(master, 'a').of('x')).not.toBe(new LookupKey(master, 'b').of('x'));
  });

  it('normalise the address, and differ under another master key', () => {
    const a = new EmailLookup(master);
    expect(a.of(' Ada@Example.COM ')).toBe(a.of('ada@example.com'));
    expect(a.of('ada@example.com')).not.toBe(a.of('bob@example.com'));
    expect(new EmailLookup(Buffer.alloc(32, 2)).of('ada@example.com')).not.toBe(a.of('ada@example.com'));
  });

  it('refuse a master key that is not 32 bytes', () => {
    expect(() => new EmailLookup(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
