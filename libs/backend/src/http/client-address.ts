import net from 'node:net';
import type { Request } from 'express';

/**
 * The address a rate limit counts: the request's `req.ip` (X-Forwarded-For only through the proxies
 * TRUST_PROXY names), an IPv4-mapped IPv6 address as its IPv4, and an IPv6 address as its /64,
 * because one home or one server gets a whole /64 and could otherwise take a fresh address per guess.
 */
export function clientAddress(req: Request): string {
  const ip = req.ip ?? req.socket?.remoteAddress ?? '';
  return rateLimitAddress(ip);
}

export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
  return ip || 'unknown';
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros ('::' expanded, a zone dropped). */
function ipv6Groups(ip: string): string[] {
  const split = (part: string) =>
    part
      ? part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [g];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const before = split(head);
  const after = tail === undefined ? [] : split(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...zeros, ...after].map((g) => parseInt(g, 16).toString(16));
}
