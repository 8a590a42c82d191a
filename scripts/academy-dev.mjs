// `npm start` / `npm run dev`: the whole academy on one machine with only Node and npm.
//   embedded PostgreSQL (data in .data/postgres)   unless DATABASE_URL is set
//   redis-server from PATH (data in .data/redis)   unless REDIS_URL is set
//   an SMTP catcher with a web inbox (in memory)   unless SMTP_URL is set
//   build what is not built (Nx cache), then the API (which also serves the shell and remotes) and
//   the worker; prints the one URL to open. Ctrl-C or SIGTERM stops everything it started.
// `dev` also rebuilds on change: rspack --watch for the frontends, and a rebuild + restart of the
// API and worker when their TypeScript changes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, startPostgres, startRedis, startSmtpCatcher, stopChild, REDIS_MISSING, findRedisServer } from '@academy/devstack';
import { formatServiceLine } from '@academy/devstack/service-log';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] === 'dev' ? 'dev' : 'start';
const dataDir = path.resolve(process.env.ACADEMY_DATA_DIR ?? path.join(root, '.data'));
const say = (line) => process.stdout.write(`academy: ${line}\n`);
const fail = (line, code = 1) => {
  process.stderr.write(`academy: ${line}\n`);
  return shutdown(code);
};

const cleanups = []; // run in reverse on exit
let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (e) {
      process.stderr.write(`academy: while stopping: ${e?.message ?? e}\n`);
    }
  }
  if (cleanups.length) say('stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
  return r.status ?? 1;
}

async function main() {
  // 1. Build (Nx replays unchanged projects from its cache, so a warm start builds nothing).
  say('building (only what changed)…');
  if (run(process.execPath, [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--outputStyle=static'], { env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' }, stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) {
    return fail('the build failed (see above)');
  }

  // 2. Check the configuration before starting anything: the same schema the services use.
  const { loadConfig, ConfigError } = await import('@academy/backend');
  const placeholders = { DATABASE_URL: 'postgres://embedded/academy', REDIS_URL: 'redis://embedded' };
  try {
    loadConfig({ ...placeholders, ...process.env });
  } catch (e) {
    if (e instanceof ConfigError) return fail(e.message.replace(/^academy: /, ''), 78);
    throw e;
  }

  // 3. Infrastructure.
  mkdirSync(dataDir, { recursive: true });
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    say(`starting PostgreSQL (data in ${path.relative(root, path.join(dataDir, 'postgres')) || '.'})…`);
    // In a process group of its own (like Redis): Ctrl-C reaches only this script, which stops it last.
    const pg = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), callerHandlesSignals: true });
    cleanups.push(async () => {
      say('stopping PostgreSQL…');
      await pg.stop();
    });
    databaseUrl = await pg.createDatabase('academy');
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    if (!findRedisServer()) return fail(REDIS_MISSING.replace(/^academy: /, ''));
    const redis = await startRedis({ dataDir: path.join(dataDir, 'redis') });
    cleanups.push(async () => {
      say('stopping Redis…');
      await redis.stop();
    });
    redisUrl = redis.url;
  }
  let smtpUrl = process.env.SMTP_URL;
  let mailInbox = null;
  if (!smtpUrl) {
    // Runs in this process: mail the worker sends lands in a web inbox instead of anyone's mailbox.
    const catcher = await startSmtpCatcher();
    cleanups.push(() => catcher.stop());
    smtpUrl = catcher.smtpUrl;
    mailInbox = catcher.inboxUrl;
  }

  // 4. The services.
  const port = process.env.PORT ? Number(process.env.PORT) : await pickPort(3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SMTP_URL: smtpUrl,
    PORT: String(port),
    HOST: host,
    PUBLIC_URL: publicUrl,
    ACADEMY_DATA_DIR: dataDir,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
  };
  const services = {
    api: { entry: 'services/api/dist/main.js', child: null },
    worker: { entry: 'services/worker/dist/main.js', child: null },
  };
  const startService = (name) => {
    const s = services[name];
    // detached: a process group of its own, so a terminal's Ctrl-C reaches only this script, which
    // then stops the services itself, each once, BEFORE Postgres and Redis (issue 13: a second signal
    // cut a service's shutdown short, and Postgres going first made the API die on its connections).
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, s.entry)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    s.child = child;
    // Readable lines, without Nest's start-up chatter (libs/devstack/src/service-log.mjs; ACADEMY_LOG=json for the raw lines).
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
        const shown = formatServiceLine(name, line, { mode: process.env.ACADEMY_LOG ?? '' });
        if (shown !== null) to.write(`${shown}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (shuttingDown || s.child !== child || s.restarting) return;
      void fail(`the ${name} stopped (${signal ?? `exit code ${code}`}); stopping everything`, code || 1);
    });
  };
  cleanups.push(async () => {
    // SIGTERM: each finishes its requests, jobs and projection batch and closes its connections; a
    // service that is still not gone after 10 s is killed (its batch rolls back; nothing is lost).
    say('stopping the API and the worker…');
    await Promise.all(Object.values(services).map((s) => s.child && stopChild(s.child, 10_000)));
  });
  startService('api');
  startService('worker');

  await waitHealthy(`http://127.0.0.1:${port}/api/health`, 60_000);
  // Where the running stack's servers are, for `npm run academy` (scripts/academy-cli.mjs).
  const stackFile = path.join(dataDir, 'stack.json');
  writeFileSync(stackFile, JSON.stringify({ pid: process.pid, databaseUrl, redisUrl, smtpUrl, mailInbox, url: publicUrl }, null, 2));
  cleanups.push(() => rmSync(stackFile, { force: true }));
  say(`ready: open ${publicUrl}`);
  if (mailInbox) say(`mail inbox ${mailInbox}`);
  say(`API docs ${publicUrl}/api/docs · health ${publicUrl}/api/health · Ctrl-C stops everything`);

  if (mode === 'dev') watchAndRebuild(services, startService);
}

async function pickPort(preferred) {
  const net = await import('node:net');
  const free = await new Promise((resolve) => {
    const srv = net.createServer().once('error', () => resolve(false)).listen(preferred, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
  return free ? preferred : freePort();
}

async function waitHealthy(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !shuttingDown) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!shuttingDown) await fail(`the API did not become healthy within ${timeoutMs / 1000} s (${url})`);
}

function watchAndRebuild(services, startService) {
  // Frontends: rspack's own watcher rebuilds; the API serves the new files on the next load.
  for (const app of ['shell', ...listRemotes()]) {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--watch', '-c', 'rspack.config.mjs'], {
      cwd: path.join(root, 'frontends', app),
      env: { ...process.env, NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.push(() => stopChild(child));
  }
  // Backend: rebuild and restart both services (they share libs) a moment after the last change.
  let timer = null;
  const onChange = (_event, file) => {
    if (!file || !/\.ts$/.test(file) || /\.spec\.ts$/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      say(`changed ${file}: rebuilding the API and the worker…`);
      if (run(process.execPath, [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--projects=@academy/api,@academy/worker', '--outputStyle=static'], { env: { ...process.env, NX_DAEMON: 'false' }, stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) {
        say('build failed; keeping the running services');
        return;
      }
      for (const name of Object.keys(services)) {
        const s = services[name];
        s.restarting = true;
        await stopChild(s.child, 10_000);
        s.restarting = false;
        startService(name);
      }
    }, 300);
  };
  for (const dir of ['services', 'libs']) {
    const w = watch(path.join(root, dir), { recursive: true }, (event, file) => {
      if (file && !file.includes('node_modules') && !file.includes(`${path.sep}dist${path.sep}`)) onChange(event, file);
    });
    cleanups.push(() => w.close());
  }
  say('watching for changes');
}

function listRemotes() {
  const dir = path.join(root, 'frontends');
  return existsSync(dir)
    ? spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.split('\n').filter((d) => d.startsWith('dashboard-') && existsSync(path.join(dir, d, 'rspack.config.mjs')))
    : [];
}

main().catch((e) => fail(e?.message ?? String(e)));
