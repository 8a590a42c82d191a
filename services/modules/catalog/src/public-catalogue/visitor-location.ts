import { createRequire } from 'node:module';
import type { DetectedCountry } from './public-catalogue.js';

const ISO_ALPHA2 = /^[A-Z]{2}$/;
/** Codes a CDN sends when it does not know (Cloudflare: XX unknown, T1 Tor): not a country. */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

/** The country a trusted proxy put in its header, or null when absent or not a country code. */
export function countryFromHeader(value: string | string[] | undefined): DetectedCountry {
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && ISO_ALPHA2.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
}

interface GeoIpCountry {
  lookup(ip: string): { country: string } | null;
}

let geoip: GeoIpCountry | null = null;

/**
 * The country of an IP address from the offline database shipped in geoip-country (no network call).
 * Loaded on first use, not at start: the database costs memory and start time that only the public
 * site needs. Null for private, loopback and unknown addresses.
 */
export function countryFromIp(ip: string | undefined): DetectedCountry {
  if (!ip) return null;
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountry;
  // Express reports IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d.
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    return countryFromHeader(geoip.lookup(address)?.country);
  } catch {
    return null;
  }
}
