// What `npm start` costs a person on this machine (issue 2), each figure against a baseline measured
// in the same run:
//   start → healthy, cold (empty data dir: initdb, migrations) and warm (data kept), vs starting the
//     same embedded PostgreSQL and redis-server alone: what the academy adds on top of its servers;
//   idle memory (RSS) of the API and the worker vs an idle bare Node process of the same Node;
//   gzip size of the JS the browser loads for the shell's first page and for a remote, vs React and
//     ReactDOM's own production builds (the floor of any React page).
//
//   npm run bench -- stack     (or: npm exec -- node --import ./scripts/ts.mjs libs/devstack/bench/stack.bench.ts)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { root, writeSection } from '../src/bench-doc.mjs';
import { startPostgres, startRedis } from '../src/index.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** Embedded PostgreSQL + redis-server alone, as npm start starts them: ms to both accepting connections. */
async function infraAlone(dataDir: string): Promise<number> {
  const t0 = performance.now();
  // In the order npm start starts them.
  const pg = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), log: (m: unknown) => process.env.BENCH_DEBUG && console.log(String(m)) });
  await pg.createDatabase('academy');
  const redis = await startRedis({ dataDir: path.join(dataDir, 'redis') });
  const ms = performance.now() - t0;
  await Promise.all([pg.stop(), redis.stop()]);
  return ms;
}

interface Started {
  child: ChildProcess;
  url: string;
  ms: number;
}

/** `npm start` (scripts/academy-dev.mjs start) on `dataDir`: ms until it prints its ready line (health answered). */
async function academy(dataDir: string): Promise<Started> {
  const env = { ...process.env, ACADEMY_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' } as NodeJS.ProcessEnv;
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'PORT']) delete env[k];
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/academy-dev.mjs'), 'start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  for (;;) {
    const m = /ready: open (\S+)/.exec(out);
    if (m) return { child, url: m[1], ms: performance.now() - t0 };
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${out}`);
    await sleep(20);
  }
}

function stopAcademy(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

function childPids(pid: number): { pid: number; cmd: string }[] {
  const r = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => ({ pid: Number(l.split(/\s+/)[0]), cmd: l }));
}

async function idleBareNode(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await sleep(3000);
  const mib = rssMiB(child.pid!);
  child.kill('SIGKILL');
  return mib;
}

const gz = (buf: Buffer) => gzipSync(buf).length;

/** Every JS file Chromium loads for the shell's first page `/`, same origin. */
async function shellInitialJs(url: string): Promise<{ files: number; gzip: number }> {
  const { chromium } = await import('playwright-core');
  const profile = tempDir('bench-chromium-');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await context.newPage();
    const js: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(url) && /\.m?js(\?|$)/.test(new URL(res.url()).pathname)) js.push(res.body());
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const bodies = await Promise.all(js);
    return { files: bodies.length, gzip: bodies.reduce((n, b) => n + gz(b), 0) };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function fetchBuf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** What this reads of a remote's mf-manifest.json (Module Federation's own format). */
const mfManifest = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string() }) }),
  exposes: z.array(z.object({ assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }) })),
});

/** A remote's own JS on first visit: its entry plus the synchronous chunks of ./Module (shared libraries come from the shell). */
async function remoteJs(url: string): Promise<{ name: string; gzip: number }[]> {
  const manifest = (await (await fetch(`${url}/api/federation/manifest`)).json()) as { remotes: { name: string; entry: string }[] };
  const out = [];
  for (const r of manifest.remotes) {
    const entry = new URL(r.entry, url);
    const mf = mfManifest.parse(JSON.parse((await fetchBuf(entry.href)).toString()));
    const base = new URL('.', entry);
    const files = [mf.metaData.remoteEntry.name, ...mf.exposes.flatMap((e) => e.assets.js.sync)];
    let total = 0;
    for (const f of new Set<string>(files)) total += gz(await fetchBuf(new URL(f, base).href));
    out.push({ name: r.name, gzip: total });
  }
  return out;
}

/** React 19 and ReactDOM's client as published (production builds, gzip): the floor of any React page. */
function reactFloor(): number {
  const files = ['react/cjs/react.production.js', 'react-dom/cjs/react-dom.production.js', 'react-dom/cjs/react-dom-client.production.js'];
  return files.reduce((n, f) => n + gz(readFileSync(path.join(root, 'node_modules', f))), 0);
}

async function main() {
  console.log('building (npm start would build what changed; measured apart from the start)…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--outputStyle=static'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NX_DAEMON: 'false' } });
  if (build.status !== 0) throw new Error('build failed');

  const rounds = { infraCold: [] as number[], infraWarm: [] as number[], cold: [] as number[], warm: [] as number[] };
  let memory: { api: number; worker: number } | null = null;
  let sizes: { shell: { files: number; gzip: number }; remotes: { name: string; gzip: number }[] } | null = null;
  for (let r = 0; r < ROUNDS; r++) {
    const infraDir = tempDir('bench-infra-');
    const stackDir = tempDir('bench-stack-');
    try {
      console.log('servers alone, cold…');
      rounds.infraCold.push(await infraAlone(infraDir));
      rounds.infraWarm.push(await infraAlone(infraDir));
      console.log('academy, cold…');
      const cold = await academy(stackDir);
      rounds.cold.push(cold.ms);
      await stopAcademy(cold.child);
      const warm = await academy(stackDir);
      rounds.warm.push(warm.ms);
      if (r === ROUNDS - 1) {
        await sleep(5000); // idle: start-up work and the first heartbeat done
        const kids = childPids(warm.child.pid!);
        const pid = (s: string) => kids.find((k) => k.cmd.includes(`services/${s}/dist/main.js`))!.pid;
        memory = { api: rssMiB(pid('api')), worker: rssMiB(pid('worker')) };
        sizes = { shell: await shellInitialJs(warm.url), remotes: await remoteJs(warm.url) };
      }
      await stopAcademy(warm.child);
      console.log(`round ${r + 1}: infra cold ${rounds.infraCold.at(-1)!.toFixed(0)} ms, warm ${rounds.infraWarm.at(-1)!.toFixed(0)} ms; academy cold ${cold.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms`);
    } finally {
      rmSync(infraDir, { recursive: true, force: true });
      rmSync(stackDir, { recursive: true, force: true });
    }
  }
  const bare = await idleBareNode();
  const floor = reactFloor();

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  const x = (a: number, b: number) => `**${(a / b).toFixed(2)}×**`;
  const body = `## npm start: time to healthy, idle memory, what the browser loads

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`libs/devstack/bench/stack.bench.ts\` on ${os.cpus().length} cores
(${os.cpus()[0]?.model.trim()}), Node ${process.version}. Medians of ${ROUNDS} rounds; each round starts the servers alone and then
the academy, in fresh data folders, back to back. The build is done before; each start still includes npm start's check of Nx's cache (nothing to rebuild).

| what | baseline (same run) | academy | ratio |
|---|---|---|---|
| start → healthy, cold (empty data folder: initdb, migrations, master key) | PostgreSQL (initdb + start) + redis-server alone: ${s(median(rounds.infraCold))} | \`npm start\` → \`ready\`: ${s(median(rounds.cold))} | ${x(median(rounds.cold), median(rounds.infraCold))} |
| start → healthy, warm (data kept) | PostgreSQL + redis-server alone: ${s(median(rounds.infraWarm))} | ${s(median(rounds.warm))} | ${x(median(rounds.warm), median(rounds.infraWarm))} |
| idle memory (RSS) of the API | an idle bare Node process: ${bare.toFixed(1)} MiB | ${memory!.api.toFixed(1)} MiB | ${x(memory!.api, bare)} |
| idle memory (RSS) of the worker | an idle bare Node process: ${bare.toFixed(1)} MiB | ${memory!.worker.toFixed(1)} MiB | ${x(memory!.worker, bare)} |
| JS of the shell's first page \`/\` (gzip, ${sizes!.shell.files} files, as Chromium loaded them) | React + ReactDOM client production builds: ${kb(floor)} | ${kb(sizes!.shell.gzip)} | ${x(sizes!.shell.gzip, floor)} |
${sizes!.remotes.map((r) => `| JS of the remote \`${r.name}\` on first visit (gzip: entry + ./Module's chunks; shared libraries come from the shell) | the same React floor: ${kb(floor)} | ${kb(r.gzip)} | ${x(r.gzip, floor)} |`).join('\n')}

Per round (ms): servers alone cold ${rounds.infraCold.map((n) => n.toFixed(0)).join(' / ')}, warm ${rounds.infraWarm.map((n) => n.toFixed(0)).join(' / ')};
academy cold ${rounds.cold.map((n) => n.toFixed(0)).join(' / ')}, warm ${rounds.warm.map((n) => n.toFixed(0)).join(' / ')}.
What the academy adds to its servers' start: two Node processes loading NestJS and MikroORM, the migrations, the
event store's schema, and the first answer of \`/api/health\` (db, redis and the worker's heartbeat).

Reproduce alone: \`npm run bench -- stack\` (\`BENCH_ROUNDS\` changes the rounds).`;
  console.log(`\n${body}\n`);
  writeSection('stack', body);
}

main().catch((e: unknown) => {
  // Some libraries reject with nothing: say where we were.
  console.error('bench stack failed:', e ?? '(rejected without a reason)', e instanceof Error ? '' : new Error('here').stack);
  process.exit(1);
});
