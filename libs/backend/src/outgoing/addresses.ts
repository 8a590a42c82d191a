// Which resolved addresses an outgoing call may connect to (ARCHITECTURE.md §7b'). A name on the
// allow-list is still resolved by DNS, which the academy does not control: a record pointing at the
// academy's own network (loopback, the cluster's private ranges, the cloud's metadata service on
// link-local) would turn "fetch this repository" into a request to an internal service. Every answer
// is checked here before a socket is opened, and the call connects to the checked address only.
import net from 'node:net';

/** Ranges no outgoing call may reach, each with the word a refusal names it by. */
const REFUSED: { range: string; bits: number; family: 'ipv4' | 'ipv6'; kind: string }[] = [
  { range: '0.0.0.0', bits: 8, family: 'ipv4', kind: 'unspecified' },
  { range: '10.0.0.0', bits: 8, family: 'ipv4', kind: 'private' },
  { range: '100.64.0.0', bits: 10, family: 'ipv4', kind: 'carrier-grade NAT' },
  { range: '127.0.0.0', bits: 8, family: 'ipv4', kind: 'loopback' },
  { range: '169.254.0.0', bits: 16, family: 'ipv4', kind: 'link-local' },
  { range: '172.16.0.0', bits: 12, family: 'ipv4', kind: 'private' },
  { range: '192.0.0.0', bits: 24, family: 'ipv4', kind: 'reserved' },
  { range: '192.0.2.0', bits: 24, family: 'ipv4', kind: 'documentation' },
  { range: '192.168.0.0', bits: 16, family: 'ipv4', kind: 'private' },
  { range: '198.18.0.0', bits: 15, family: 'ipv4', kind: 'reserved' },
  { range: '198.51.100.0', bits: 24, family: 'ipv4', kind: 'documentation' },
  { range: '203.0.113.0', bits: 24, family: 'ipv4', kind: 'documentation' },
  { range: '224.0.0.0', bits: 4, family: 'ipv4', kind: 'multicast' },
  { range: '240.0.0.0', bits: 4, family: 'ipv4', kind: 'reserved' },
  { range: '::', bits: 128, family: 'ipv6', kind: 'unspecified' },
  { range: '::1', bits: 128, family: 'ipv6', kind: 'loopback' },
  // Forms that carry an IPv4 address inside IPv6 (mapped, compatible, NAT64, 6to4, Teredo): refused
  // whole rather than unpacked, so no IPv4 range above can be reached through them.
  { range: '::', bits: 96, family: 'ipv6', kind: 'IPv4-compatible' },
  { range: '::ffff:0:0', bits: 96, family: 'ipv6', kind: 'IPv4-mapped' },
  { range: '64:ff9b::', bits: 96, family: 'ipv6', kind: 'IPv4-translated' },
  { range: '64:ff9b:1::', bits: 48, family: 'ipv6', kind: 'IPv4-translated' },
  { range: '2002::', bits: 16, family: 'ipv6', kind: 'IPv4-translated' },
  { range: '2001::', bits: 32, family: 'ipv6', kind: 'IPv4-translated' },
  { range: '100::', bits: 64, family: 'ipv6', kind: 'reserved' },
  { range: '2001:db8::', bits: 32, family: 'ipv6', kind: 'documentation' },
  { range: 'fc00::', bits: 7, family: 'ipv6', kind: 'unique local' },
  { range: 'fe80::', bits: 10, family: 'ipv6', kind: 'link-local' },
  { range: 'fec0::', bits: 10, family: 'ipv6', kind: 'site-local' },
  { range: 'ff00::', bits: 8, family: 'ipv6', kind: 'multicast' },
];

const lists = REFUSED.map((r) => {
  const list = new net.BlockList();
  list.addSubnet(r.range, r.bits, r.family);
  return { list, family: r.family, kind: r.kind };
});

/**
 * Why `address` (an IP literal, as DNS answered it) may not be connected to, or null when it is a
 * public unicast address. Anything that is not an IP literal is refused too: the caller connects to
 * what it checked, so it must have checked an address.
 */
export function refusedAddress(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIPv4(bare) ? 'ipv4' : net.isIPv6(bare) ? 'ipv6' : null;
  if (!family) return 'not an IP address';
  if (family === 'ipv4' && bare === '255.255.255.255') return 'broadcast';
  // The most specific range first (::1 before ::/96), so the refusal names the reason a reader expects.
  const hit = lists.find((l) => l.family === family && l.list.check(bare, family));
  return hit ? hit.kind : null;
}

/** True for 127.0.0.0/8 and ::1: the only addresses the test-only routes may name. */
export function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  return (net.isIPv4(bare) && bare.startsWith('127.')) || (net.isIPv6(bare) && bare === '::1');
}
