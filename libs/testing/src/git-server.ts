// A real git host for tests (ARCHITECTURE.md §7b'): bare repositories served over git's smart HTTP by
// git's own `git http-backend` (a CGI program), behind a small node:http wrapper on a free loopback
// port. Commits are made in a scratch clone and pushed to the bare repository between a test's steps.
// Never a mock of git: what the academy reads is what `git ls-remote` reads.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

/** git with no user or system configuration of the machine, and a fixed author. */
function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Test Student',
    GIT_AUTHOR_EMAIL: 'student@example.com',
    GIT_COMMITTER_NAME: 'Test Student',
    GIT_COMMITTER_EMAIL: 'student@example.com',
  };
}

export interface TestGitRepo {
  /** Its path under the server, e.g. `ada/landing-page.git`. */
  path: string;
  /** Commits a change on the default branch and pushes it; resolves to the new commit's full SHA. */
  push(message?: string): Promise<string>;
  /** The SHA the bare repository's default branch points to now. */
  head(): Promise<string>;
}

export interface RepoOptions {
  branch?: string;
  empty?: boolean;
  private?: boolean;
}

export interface TestGitServer {
  /** 127.0.0.1 and the port it listens on (the same after stop() and start()). */
  address: string;
  port: number;
  /** `host=127.0.0.1:port` for OUTGOING_TEST_HOSTS: calls to `host` reach this server. */
  routeFor(host: string): string;
  /**
   * A bare repository `<owner>/<name>.git` whose default branch is `branch`, with one commit unless
   * `empty`; a `private` one asks for credentials (401), as a host with authentication in front of
   * git http-backend does (and GitHub for a private or missing repository).
   */
  createRepo(owner: string, name: string, options?: RepoOptions): Promise<TestGitRepo>;
  /** Stops listening (the host is down: connections are refused); the repositories stay. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Stops and removes the repositories. */
  close(): Promise<void>;
}

/** Runs one request through git http-backend (CGI/1.1: environment in, `Status:` and headers out, then the body). */
function backend(root: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://git.test');
  const cgi = spawn(HTTP_BACKEND, [], {
    env: {
      ...gitEnv(root),
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      // Protocol v2 is asked for in a header; the CGI reads it from here.
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  req.pipe(cgi.stdin);
  let head = Buffer.alloc(0);
  let started = false;
  cgi.stdout.on('data', (chunk: Buffer) => {
    if (started) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n') >= 0 ? head.indexOf('\r\n\r\n') : head.indexOf('\n\n');
    if (end < 0) return;
    const sep = head[end] === 13 ? 4 : 2;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      const [name, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else if (name) res.setHeader(name, value);
    }
    res.writeHead(status);
    started = true;
    res.write(head.subarray(end + sep));
  });
  cgi.on('close', () => {
    if (!started) res.writeHead(502);
    res.end();
  });
  cgi.on('error', () => res.destroy());
}

/** Starts a git host on a free port of 127.0.0.1, serving the bare repositories it creates. */
export async function startGitServer(): Promise<TestGitServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'academy-git-'));
  const repos = path.join(root, 'repos');
  await mkdir(repos);
  const env = gitEnv(root);
  const git = (cwd: string, ...args: string[]) => run('git', args, { cwd, env }).then((r) => r.stdout.trim());
  const privateRepos = new Set<string>();
  const server = http.createServer((req, res) => {
    const repo = [...privateRepos].find((p) => (req.url ?? '').startsWith(`/${p}/`));
    if (repo) return void res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end();
    backend(repos, req, res);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  let clones = 0;

  async function createRepo(owner: string, name: string, options: RepoOptions = {}): Promise<TestGitRepo> {
    const branch = options.branch ?? 'main';
    const repoPath = `${owner}/${name}.git`;
    const bare = path.join(repos, repoPath);
    await mkdir(bare, { recursive: true });
    await git(bare, 'init', '--quiet', '--bare', `--initial-branch=${branch}`);
    const work = path.join(root, `clone-${++clones}`);
    await git(root, 'clone', '--quiet', bare, work);
    await git(work, 'checkout', '--quiet', '-B', branch);
    let count = 0;
    const repo: TestGitRepo = {
      path: repoPath,
      async push(message = `change ${count + 1}`) {
        count++;
        await git(work, 'commit', '--quiet', '--allow-empty', '-m', message);
        await git(work, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
        return git(work, 'rev-parse', 'HEAD');
      },
      head: () => git(bare, 'rev-parse', `refs/heads/${branch}`),
    };
    if (!options.empty) await repo.push('first commit');
    if (options.private) privateRepos.add(repoPath);
    return repo;
  }

  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return {
    address: '127.0.0.1',
    port,
    routeFor: (host) => `${host}=127.0.0.1:${port}`,
    createRepo,
    stop,
    async start() {
      await listen(port);
    },
    async close() {
      if (server.listening) await stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
