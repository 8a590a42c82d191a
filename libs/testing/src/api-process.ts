import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from './database.js';
import { registerServiceOutput } from './service-output.js';
import { until } from './until.js';
import { testRedisUrl, uniquePrefix } from './redis.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * OUTGOING_TEST_HOSTS of every service a test starts unless it gives its own (ADR 0039): github.com's
 * requests go to a closed loopback port, so no test reaches the real GitHub (nor sends a DNS query
 * for it) and a submission is accepted at once with its pin pending. A test that pins commits starts
 * a git server (startGitServer) and routes github.com to it instead.
 */
export const GITHUB_DOWN = 'github.com=127.0.0.1:1';

export interface RunningApi {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  db: TestDatabase;
  /** Everything the process printed so far (for assertions and for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited (at once if it already has). */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Spawns a BUILT service (services/<name>/dist/main.js, as `npm test` builds it) against a fresh
 * test database and the test Redis, as a user would run it.
 */
export function spawnService(name: 'api' | 'worker', env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const entry = path.join(repoRoot, 'services', name, 'dist', 'main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build first (npm run build)`);
  let out = '';
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: repoRoot,
    // No scheduled checkpoints unless a test asks (AUDIT_CHECKPOINT_EVERY): a run landing mid-test would add events tests count.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', AUDIT_CHECKPOINT_EVERY: 'off', OUTGOING_TEST_HOSTS: GITHUB_DOWN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const output = () => out;
  // A failing test prints what its services said (libs/testing/src/jest-environment.mjs).
  registerServiceOutput(`${name} (pid ${child.pid})`, output, () => child.exitCode ?? child.signalCode);
  return { child, output };
}

/** The built API on a free port, healthy, with its own database and queue prefix. */
export async function startApi(options: { env?: Record<string, string>; withWorker?: boolean } = {}): Promise<RunningApi> {
  const db = await createTestDatabase('api');
  const port = await freePort();
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    PORT: String(port),
    HOST: '127.0.0.1',
    QUEUE_PREFIX: uniquePrefix('api'),
    ACADEMY_FRONTENDS_DIR: path.join(repoRoot, 'frontends'),
    ...options.env,
  };
  const api = spawnService('api', env);
  const worker = options.withWorker ? spawnService('worker', env) : null;
  const url = `http://127.0.0.1:${port}`;
  const output = () => api.output() + (worker ? worker.output() : '');
  const stopAll = async () => {
    await Promise.all([stopProcess(api.child), worker ? stopProcess(worker.child) : Promise.resolve()]);
    await db.drop();
  };
  const until = Date.now() + 30_000;
  for (;;) {
    // Killed by a signal, a process has no exit code: without this check that waited the full 30 s.
    if (api.child.exitCode !== null || api.child.signalCode !== null) {
      await stopAll();
      throw new Error(`the API exited with ${api.child.exitCode ?? api.child.signalCode}:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      await stopAll();
      throw new Error(`the API was not healthy after 30 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, db, output, stop: stopAll };
}

export interface ApiAnswer {
  status: number;
  /** The parsed JSON: read it with bodyOf and the endpoint's contract schema. */
  body: unknown;
  headers: Headers;
  /** How long the answer took. */
  ms: number;
}

/**
 * The one typed way a test reads an API answer: its body parsed with the endpoint's contract schema
 * (libs/contracts; apiErrorSchema for an error), so the read also asserts the contract.
 */
export function bodyOf<S extends z.ZodType>(answer: { status: number; body: unknown }, schema: S): z.output<S> {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new Error(`a ${answer.status} answer breaks its contract: ${z.prettifyError(parsed.error)}\n${JSON.stringify(answer.body)}`);
  return parsed.data;
}

/** `call(method, '/programs', token, body)` against `<url>/api`: a JSON request with an optional bearer token. */
export function apiCaller(url: string): (method: string, p: string, token?: string, body?: unknown) => Promise<ApiAnswer> {
  return async (method, p, token, body) => {
    const t0 = Date.now();
    const res = await fetch(`${url}/api${p}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json(), headers: res.headers, ms: Date.now() - t0 };
  };
}

/**
 * The BUILT operator CLI (`academy ...`, services/worker/dist/cli/academy.js) against `databaseUrl`.
 * Asynchronous, so that consumers running in the test's own process hear what it does meanwhile.
 */
export function academyCli(databaseUrl: string, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return academyCliWith({ DATABASE_URL: databaseUrl }, ...args);
}

/** academyCli with more of the environment (DATABASE_URL, and e.g. the master key of a database made elsewhere); stderr is where progress goes. */
export function academyCliWith(env: Record<string, string>, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'services/worker/dist/cli/academy.js'), ...args],
      { cwd: repoRoot, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env } },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The projections today's worker runs (services/worker/src/registry.ts; its unit test keeps this list
 * equal to it). A test that waits for "every projection live at the head" waits for exactly these:
 * the ones registered so far being live is not enough, a runner may not have registered yet.
 */
export const WORKER_PROJECTIONS = ['admissions', 'announcements', 'attendance', 'catalog', 'enrollment', 'grading', 'identity_users', 'learning', 'notifications'] as const;

/**
 * Issue 15's check of what a journey left behind: the built CLI's `audit verify` (the hash chain) and
 * `audit replay` (every projection rebuilt from position 0 beside the live tables and compared) on the
 * API's database. Throws, with the CLI's words, unless the chain verifies and every projection is
 * "equal" (none skipped). `env`: the CLI's environment (DATABASE_URL, and the master key where the
 * database was made with another).
 */
export async function expectLogReplaysEqual(env: { DATABASE_URL: string } & Record<string, string>): Promise<void> {
  const verify = await academyCliWith(env, 'audit', 'verify');
  if (verify.status !== 0 || !verify.stdout.startsWith('ok:')) throw new Error(`audit verify failed:\n${verify.stdout}`);
  const replay = await academyCliWith(env, 'audit', 'replay');
  const lines = replay.stdout.trim().split('\n');
  const projections = lines.filter((l) => / v\d+( at \d+)?: /.test(l));
  if (replay.status !== 0 || lines.at(-1) !== 'equal' || projections.length === 0 || projections.some((l) => !/ at \d+: equal$/.test(l))) {
    throw new Error(`audit replay is not "equal" for every projection:\n${replay.stdout}`);
  }
}

/** A built service spawned by a test, named for failure messages. */
export interface SpawnedService {
  name: 'api' | 'worker';
  child: ChildProcess;
  output: () => string;
}

/** What the services printed, each under its name. */
export const outputOf = (services: SpawnedService[]) => services.map((s) => `--- ${s.name}\n${s.output()}`).join('\n');

/**
 * Spawns the built worker, then the built API, with `env` (both migrate: the advisory lock makes one
 * wait for the other), into `services` (so that the caller's afterAll stops them whatever happens),
 * and waits until `ready` holds; fails at once with their output if either exits meanwhile.
 */
export async function spawnWorkerAndApi(services: SpawnedService[], env: Record<string, string>, ready: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  services.push({ name: 'worker', ...spawnService('worker', env) });
  services.push({ name: 'api', ...spawnService('api', env) });
  await until(
    async () => {
      for (const s of services) if (s.child.exitCode !== null) throw new Error(`the ${s.name} exited:\n${outputOf(services)}`);
      return ready();
    },
    what,
    timeoutMs,
  );
}
