// The configuration of outgoing calls (ARCHITECTURE.md §7b', ADR 0039): which hosts each purpose may
// call, and the test-only routes to local servers that production refuses.
import { z } from 'zod';
import { isLoopback } from './addresses.js';

/** A host as URL.host writes it for an https:// URL: lower-case name (or IP), ":port" only when not 443. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/** A comma list of hosts, normalised as URL.host would write them (so a check is a set lookup). */
const hostList = z.string().transform((v, ctx) => {
  const hosts = v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const h of hosts) {
    if (!HOST.test(h)) {
      ctx.addIssue({ code: 'custom', message: `has ${JSON.stringify(h)}: each entry must be a host name such as github.com (with :port when not 443)` });
      return z.NEVER;
    }
  }
  return hosts.map((h) => h.replace(/:443$/, ''));
});

/** Where a test-only route sends a host: plain HTTP to this loopback address and port. */
export interface TestRoute {
  address: string;
  port: number;
}

/**
 * `host=127.0.0.1:port` entries: calls to that host go over plain HTTP to the loopback address
 * instead of DNS and HTTPS. Only loopback targets are accepted, so the setting can reach nothing but
 * a server the test started on its own machine.
 */
const testRoutes = z.string().transform((v, ctx) => {
  const routes = new Map<string, TestRoute>();
  for (const entry of v.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([^=\s]+)=(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(entry);
    const host = m?.[1]?.toLowerCase().replace(/:443$/, '');
    const address = m?.[2] ?? m?.[3] ?? '';
    if (!m || !host || !HOST.test(host) || !isLoopback(address) || Number(m[4]) > 65535) {
      ctx.addIssue({ code: 'custom', message: `has ${JSON.stringify(entry)}: each entry must be host=127.0.0.1:port (a loopback address)` });
      return z.NEVER;
    }
    routes.set(host, { address, port: Number(m[4]) });
  }
  return routes;
});

export const outgoingConfigShape = {
  /** Git hosts a submission's repository may live on; its commit is read from there (ADR 0039). */
  SUBMISSION_GIT_HOSTS: hostList.default(['github.com']),
  /**
   * TEST ONLY, refused when NODE_ENV=production: hosts that outgoing calls reach over plain HTTP at a
   * loopback address (a local `git http-backend`, a test witness) instead of resolving them.
   */
  OUTGOING_TEST_HOSTS: testRoutes.optional(),
  /** The first pause before the worker tries again to pin a commit whose host was away; then doubling, at most an hour. */
  SUBMISSION_PIN_RETRY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
};

/** The production refusal, for the config's superRefine: a test route in production would bypass every check. */
export function outgoingConfigIssues(c: { NODE_ENV: string; OUTGOING_TEST_HOSTS?: Map<string, TestRoute> }): { path: string[]; message: string }[] {
  if (c.NODE_ENV === 'production' && c.OUTGOING_TEST_HOSTS && c.OUTGOING_TEST_HOSTS.size > 0) {
    return [{ path: ['OUTGOING_TEST_HOSTS'], message: 'is a test-only setting and must not be set in production (it lets outgoing calls reach loopback over plain HTTP)' }];
  }
  return [];
}
