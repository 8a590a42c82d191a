// The guarded outgoing client against real local servers (ADR 0039). Refusals by address use a
// stubbed resolver and assert that no socket was even created: no test here sends a packet to an
// address other than 127.0.0.1.
import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutgoingClient, OutgoingRefused, OutgoingUnreachable, type OutgoingPolicy, type Resolve } from './outgoing-client.js';

const servers: http.Server[] = [];
async function serve(handler: http.RequestListener): Promise<number> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Every client socket Node creates while `run` runs (net's diagnostics channel sees each one). */
async function socketsDuring(run: () => Promise<unknown>): Promise<number> {
  let sockets = 0;
  const count = () => sockets++;
  diagnostics.subscribe('net.client.socket', count);
  try {
    await run().catch(() => undefined);
  } finally {
    diagnostics.unsubscribe('net.client.socket', count);
  }
  return sockets;
}

/** A resolver that must never be asked (the refusal comes before DNS). */
const noDns: Resolve = () => Promise.reject(new Error('DNS was asked'));
const answers =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
/** A client whose host `git.test` is the local server on `port` (the test-only route). */
const routed = (port: number, more: Partial<OutgoingPolicy> = {}) =>
  new OutgoingClient({ hosts: ['git.test'], testRoutes: new Map([['git.test', { address: '127.0.0.1', port }]]), resolve: noDns, ...more });

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (x: unknown) => x);
  if (!(e instanceof OutgoingRefused)) throw new Error(`expected a refusal, got ${String(e)}`);
  return e.reason;
};
const failure = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (x: unknown) => x);
  if (!(e instanceof OutgoingUnreachable)) throw new Error(`expected an unreachable host, got ${String(e)}`);
  return e.reason;
};

describe('the allow-list and the scheme', () => {
  it('refuses a host not on the list before resolving or connecting', async () => {
    const client = new OutgoingClient({ hosts: ['github.com'], resolve: noDns });
    expect(await socketsDuring(async () => expect(await refusal(client.call({ url: 'https://evil.example/x' }))).toBe('host not allowed'))).toBe(0);
    expect(await refusal(client.call({ url: 'https://github.com.evil.example/a/b' }))).toBe('host not allowed');
    expect(client.allows('https://github.com/a/b')).toBe(true);
    expect(client.allows('https://GitHub.com/a/b')).toBe(true);
    expect(client.allows('https://github.com:8443/a/b')).toBe(false);
  });

  it('refuses plain http, even to an allowed host', async () => {
    const client = new OutgoingClient({ hosts: ['github.com'], resolve: noDns });
    expect(await socketsDuring(async () => expect(await refusal(client.call({ url: 'http://github.com/a/b' }))).toBe('not https'))).toBe(0);
  });
});

describe('the resolved address', () => {
  it.each([['10.0.0.1'], ['127.0.0.1'], ['169.254.169.254'], ['100.64.0.1'], ['::1'], ['::ffff:127.0.0.1'], ['fd00::1'], ['0.0.0.0']])(
    'refuses an allowed name that resolves to %s, before any socket',
    async (address) => {
      const client = new OutgoingClient({ hosts: ['repo.example'], resolve: answers(address) });
      expect(await socketsDuring(async () => expect(await refusal(client.call({ url: 'https://repo.example/a/b' }))).toBe('address refused'))).toBe(0);
    },
  );

  it('refuses a name when any of its answers is internal, even if the first is public', async () => {
    const client = new OutgoingClient({ hosts: ['repo.example'], resolve: answers('140.82.121.4', '10.0.0.1') });
    expect(await socketsDuring(async () => expect(await refusal(client.call({ url: 'https://repo.example/a/b' }))).toBe('address refused'))).toBe(0);
  });

  it('calls a name DNS does not know unreachable (worth a retry), not refused', async () => {
    const client = new OutgoingClient({ hosts: ['repo.example'], resolve: () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' })) });
    expect(await failure(client.call({ url: 'https://repo.example/a/b' }))).toBe('unreachable');
  });
});

describe('redirects', () => {
  it('refuses a redirect to 127.0.0.1 (another host): the address it names gets no request', async () => {
    let reached = false;
    const inside = await serve((_req, res) => {
      reached = true;
      res.end('secret');
    });
    const port = await serve((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${inside}/secret` }).end());
    expect(await refusal(routed(port).call({ url: 'https://git.test/a/b' }))).toBe('redirect to another host');
    expect(reached).toBe(false);
  });

  it('refuses a redirect to another port or scheme of the same name', async () => {
    const port = await serve((req, res) => res.writeHead(301, { location: req.url === '/a' ? 'https://git.test:444/a' : 'http://git.test/a' }).end());
    expect(await refusal(routed(port).call({ url: 'https://git.test/a' }))).toBe('redirect to another host');
    expect(await refusal(routed(port).call({ url: 'https://git.test/b' }))).toBe('redirect to another host');
  });

  it('follows a redirect on the same host, checked again, a bounded number of times', async () => {
    const port = await serve((req, res) => {
      if (req.url === '/old') return res.writeHead(301, { location: '/new' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      res.end(`at ${req.url} for ${req.headers.host}`);
    });
    const answer = await routed(port).call({ url: 'https://git.test/old' });
    expect([answer.status, answer.body.toString(), answer.url.pathname]).toEqual([200, 'at /new for git.test', '/new']);
    expect(await refusal(routed(port).call({ url: 'https://git.test/loop' }))).toBe('too many redirects');
  });
});

describe('size and time', () => {
  it('refuses an answer over the limit, announced or not', async () => {
    const big = Buffer.alloc(70 * 1024, 'a');
    const port = await serve((req, res) => {
      if (req.url === '/announced') return res.writeHead(200, { 'content-length': big.length }).end(big);
      res.write(big.subarray(0, 40 * 1024));
      res.end(big.subarray(40 * 1024));
    });
    expect(await refusal(routed(port).call({ url: 'https://git.test/announced' }))).toBe('answer too large');
    expect(await refusal(routed(port).call({ url: 'https://git.test/chunked' }))).toBe('answer too large');
  });

  it('stops reading a long answer once the reader has what it needs', async () => {
    const port = await serve((_req, res) => {
      res.write('HEAD line\n');
      setImmediate(() => res.end(Buffer.alloc(200 * 1024, 'x')));
    });
    const answer = await routed(port).call({ url: 'https://git.test/refs', enough: (b) => b.includes('\n') });
    expect(answer.body.toString().startsWith('HEAD line\n')).toBe(true);
  });

  it('gives up on a host that does not answer within the deadline', async () => {
    // Answers the headers, then never the body; and one that never answers at all.
    const port = await serve((req, res) => {
      if (req.url === '/headers') res.writeHead(200).write('partial');
    });
    const client = routed(port, { timeoutMs: 200 });
    expect(await failure(client.call({ url: 'https://git.test/silent' }))).toBe('timeout');
    expect(await failure(client.call({ url: 'https://git.test/headers' }))).toBe('timeout');
    // A call may ask for less than the policy, never more.
    expect(await failure(routed(port).call({ url: 'https://git.test/silent', timeoutMs: 100 }))).toBe('timeout');
  });

  it('calls a closed port unreachable', async () => {
    const port = await serve(() => undefined);
    const s = servers.pop()!;
    await new Promise((resolve) => s.close(resolve));
    expect(await failure(routed(port).call({ url: 'https://git.test/a' }))).toBe('unreachable');
  });
});
