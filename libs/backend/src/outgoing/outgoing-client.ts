// The one way the academy calls out to another server (ARCHITECTURE.md §7b', ADR 0039): git hosts
// today, witnesses and a timestamp authority later. Every rule is enforced here, on every hop:
//   1. the URL is https:// and its host is on the purpose's allow-list (from configuration);
//   2. the name is resolved, EVERY answer is checked (refusedAddress), and the socket connects to the
//      checked address (a `lookup` that answers it), so a second DNS answer cannot slip in between;
//   3. a redirect to another host (or scheme or port) is refused; one to the same host is checked again;
//   4. one deadline covers the whole call (resolve, connect, every hop, the body): 5 s by default;
//   5. at most 64 KB of answer are read; a reader that has what it needs stops the download early.
// The test-only routes (OUTGOING_TEST_HOSTS, refused in production) replace step 2 for a named host by
// plain HTTP to a loopback address: the only way a test reaches its local server.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { refusedAddress } from './addresses.js';
import type { TestRoute } from './outgoing-config.js';

export const OUTGOING_TIMEOUT_MS = 5000;
export const OUTGOING_MAX_BYTES = 64 * 1024;
const MAX_REDIRECTS = 3;

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** DNS as the client sees it; tests give their own answer (a name that resolves to 10.0.0.1). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;
const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface OutgoingPolicy {
  /** Hosts (as URL.host writes them: name, ":port" unless 443) this purpose may call. */
  hosts: readonly string[];
  /** Test-only routes to loopback servers (config OUTGOING_TEST_HOSTS). */
  testRoutes?: ReadonlyMap<string, TestRoute>;
  /** The deadline of a whole call (default OUTGOING_TIMEOUT_MS); a call may ask for less, never more. */
  timeoutMs?: number;
  /** The most answer bytes read (default OUTGOING_MAX_BYTES). */
  maxBytes?: number;
  resolve?: Resolve;
}

export type RefusalReason = 'not https' | 'host not allowed' | 'address refused' | 'redirect to another host' | 'too many redirects' | 'answer too large';
/** The call broke a rule: nothing (more) was sent. Retrying the same call gets the same refusal. */
export class OutgoingRefused extends Error {
  override readonly name = 'OutgoingRefused';
  constructor(readonly reason: RefusalReason, detail: string) {
    super(`outgoing call refused (${reason}): ${detail}`);
  }
}
/** The other end could not be reached in time (DNS, connection, timeout): worth retrying later. */
export class OutgoingUnreachable extends Error {
  override readonly name = 'OutgoingUnreachable';
  constructor(readonly reason: 'timeout' | 'unreachable', detail: string) {
    super(`outgoing call failed (${reason}): ${detail}`);
  }
}

export interface OutgoingRequest {
  url: string | URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  /** A shorter deadline than the policy's (a user's command that may wait less). */
  timeoutMs?: number;
  /** Stops reading once true for the bytes so far (the rest is not downloaded, nor counted against the limit). */
  enough?: (bodySoFar: Buffer) => boolean;
}
export interface OutgoingAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The URL that answered (after same-host redirects). */
  url: URL;
  body: Buffer;
}

/** Where one hop connects: the checked address, or a test route. */
interface Target {
  address: string;
  family: number;
  port: number;
  plainHttp: boolean;
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

export class OutgoingClient {
  private readonly hosts: Set<string>;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly resolve: Resolve;

  constructor(private readonly policy: OutgoingPolicy) {
    this.hosts = new Set(policy.hosts.map((h) => h.toLowerCase()));
    this.timeoutMs = policy.timeoutMs ?? OUTGOING_TIMEOUT_MS;
    this.maxBytes = policy.maxBytes ?? OUTGOING_MAX_BYTES;
    this.resolve = policy.resolve ?? systemResolve;
  }

  /** Whether `url` names an https:// URL on this purpose's allow-list (checked again by call()). */
  allows(url: string | URL): boolean {
    try {
      const u = new URL(url);
      return u.protocol === 'https:' && this.hosts.has(u.host);
    } catch {
      return false;
    }
  }

  async call(request: OutgoingRequest): Promise<OutgoingAnswer> {
    const signal = AbortSignal.timeout(Math.min(request.timeoutMs ?? this.timeoutMs, this.timeoutMs));
    let url = new URL(request.url);
    for (let hop = 0; ; hop++) {
      const target = await this.target(url, signal);
      const answer = await this.send(target, url, request, signal);
      const location = answer.headers.location;
      if (!isRedirect(answer.status) || !location) return answer;
      const next = new URL(location, url);
      if (next.protocol !== url.protocol || next.host !== url.host) throw new OutgoingRefused('redirect to another host', `${url.host} sent to ${next.host}`);
      if (hop + 1 > MAX_REDIRECTS) throw new OutgoingRefused('too many redirects', `more than ${MAX_REDIRECTS} from ${url.host}`);
      url = next;
    }
  }

  /** Steps 1 and 2: the URL's scheme and host, then the address it is reached at, checked. */
  private async target(url: URL, signal: AbortSignal): Promise<Target> {
    if (url.protocol !== 'https:') throw new OutgoingRefused('not https', `${url.protocol} to ${url.host}`);
    if (!this.hosts.has(url.host)) throw new OutgoingRefused('host not allowed', url.host);
    const route = this.policy.testRoutes?.get(url.host);
    if (route) return { address: route.address, family: route.address.includes(':') ? 6 : 4, port: route.port, plainHttp: true };
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const answers = await abortable(this.resolve(hostname), signal).catch((e: unknown) => {
      throw e instanceof OutgoingUnreachable ? e : new OutgoingUnreachable('unreachable', `resolving ${hostname}: ${codeOf(e)}`);
    });
    if (answers.length === 0) throw new OutgoingUnreachable('unreachable', `${hostname} has no address`);
    // One bad answer refuses the name: a record set mixing public and internal addresses is not an accident.
    for (const a of answers) {
      const why = refusedAddress(a.address);
      if (why) throw new OutgoingRefused('address refused', `${hostname} resolves to a ${why} address`);
    }
    return { address: answers[0]!.address, family: answers[0]!.family, port: Number(url.port || 443), plainHttp: false };
  }

  /** One request to the checked target; the body is read up to the limit (not at all for a redirect). */
  private send(target: Target, url: URL, request: OutgoingRequest, signal: AbortSignal): Promise<OutgoingAnswer> {
    // Whatever the name, the socket goes to the address checked above (both of lookup's shapes); a
    // test route's loopback address is reached the same way, by the URL's name.
    const lookup: LookupFunction = (_name, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const options: https.RequestOptions = {
      method: request.method ?? 'GET',
      // The name: TLS checks the certificate against it (SNI too); `lookup` decides the address.
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: target.port,
      path: `${url.pathname}${url.search}`,
      headers: { ...request.headers, host: url.host },
      lookup,
      agent: false,
      signal,
    };
    return new Promise<OutgoingAnswer>((resolve, reject) => {
      const failed = (e: unknown) => reject(signal.aborted ? new OutgoingUnreachable('timeout', `no full answer from ${url.host} in time`) : e instanceof OutgoingRefused ? e : new OutgoingUnreachable('unreachable', `${url.host}: ${codeOf(e)}`));
      const req = (target.plainHttp ? http : https).request(options, (res) => {
        const answer = (body: Buffer) => resolve({ status: res.statusCode ?? 0, headers: res.headers, url, body });
        if (isRedirect(res.statusCode ?? 0)) {
          res.destroy();
          return answer(Buffer.alloc(0));
        }
        if (Number(res.headers['content-length'] ?? 0) > this.maxBytes && !request.enough) {
          res.destroy();
          return reject(new OutgoingRefused('answer too large', `${url.host} announced ${res.headers['content-length']} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          const body = Buffer.concat(chunks);
          if (request.enough?.(body.subarray(0, this.maxBytes))) {
            res.destroy();
            return answer(body.subarray(0, this.maxBytes));
          }
          if (size > this.maxBytes) {
            res.destroy();
            reject(new OutgoingRefused('answer too large', `${url.host} sent more than ${this.maxBytes} bytes`));
          }
        });
        res.on('end', () => answer(Buffer.concat(chunks)));
        res.on('error', failed);
        // Closed before its end (the deadline, the server hanging up): a no-op once answered above.
        res.on('close', () => !res.complete && failed(new Error('answer cut short')));
      });
      req.on('error', failed);
      req.end(request.body);
    });
  }
}

/** The error's code (ECONNREFUSED, ENOTFOUND, …) or message: never a URL's query or a header. */
const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : e instanceof Error ? e.message : String(e));

/** `p`, or OutgoingUnreachable('timeout') once `signal` fires (DNS lookups cannot be cancelled). */
function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new OutgoingUnreachable('timeout', 'deadline passed'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new OutgoingUnreachable('timeout', 'no DNS answer in time'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
