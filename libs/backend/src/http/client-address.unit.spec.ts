// The address a rate limit counts.
import { rateLimitAddress } from './client-address.js';

it('keeps IPv4, unwraps IPv4-mapped IPv6, and counts an IPv6 address as its /64', () => {
  expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
  expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(rateLimitAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
  expect(rateLimitAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
  expect(rateLimitAddress('2001:0db8:0001:0002:ffff::9')).toBe('2001:db8:1:2::/64');
  expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
  expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(rateLimitAddress('')).toBe('unknown');
});
