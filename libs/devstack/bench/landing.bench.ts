// What the public landing page costs a visitor (issue 7), each figure against a baseline measured in
// the same run and served the same way (by the academy's own API, from ACADEMY_FRONTENDS_DIR):
//   Lighthouse's performance score, mobile preset (simulated slow 4G and a 4× slower CPU), of `/`,
//     against a bare React page that renders one heading (React + ReactDOM in production builds);
//   the gzip size of the JavaScript Chromium loads for `/` until the network is idle, against the
//     same bare React page; and, for information, what loads later (the application form's chunk
//     when the visitor scrolls to it);
//   the same score while another process keeps one core busy (issue 18 §3: ≥ 90);
//   a signed-in dashboard (/dashboard/admin) under slow-4G throttling: first contentful paint and the
//     moment its heading is visible (issue 18 §3: ≤ 1.5 s and ≤ 3.0 s);
//   each of these also for the PREVIOUS build (BENCH_PREVIOUS_REF, default: the commit before the
//     landing page was prerendered), built from that commit in a git worktree in the same run.
//
//   npm run bench -- landing     (or: npm exec -- node --import ./scripts/ts.mjs libs/devstack/bench/landing.bench.ts)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, writeSection } from '../src/bench-doc.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the dashboard rounds read in the page (see the init script there). */
interface HeadingWindow {
  __headingAt?: number;
  performance: { now(): number; getEntriesByName(name: string): { startTime: number }[] };
  document: { querySelector(selector: string): { textContent: string | null; checkVisibility(): boolean } | null };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void };
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

interface Started {
  child: ChildProcess;
  url: string;
}

/** `npm start` on a fresh data folder, serving the frontends of `frontendsDir` (default: the repo's). */
async function academy(dataDir: string, frontendsDir?: string): Promise<Started> {
  const env = { ...process.env, ACADEMY_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' } as NodeJS.ProcessEnv;
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'PORT', 'TRUSTED_COUNTRY_HEADER']) delete env[k];
  if (frontendsDir) env.ACADEMY_FRONTENDS_DIR = frontendsDir;
  const child = spawn(process.execPath, [path.join(root, 'scripts/academy-dev.mjs'), 'start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  for (;;) {
    const m = /ready: open (\S+)/.exec(out);
    if (m) return { child, url: m[1] };
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${out}`);
    await sleep(50);
  }
}

function stopAcademy(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The baseline page: one heading rendered by React 19 + ReactDOM's client, built by the same Rspack in
 * production mode, laid out like the shell (frontendsDir/shell/dist/index.html) so the API serves it.
 */
async function buildBaseline(frontendsDir: string): Promise<void> {
  const { rspack } = await import('@rspack/core');
  const src = path.join(frontendsDir, 'src');
  mkdirSync(src, { recursive: true });
  writeFileSync(
    path.join(src, 'index.js'),
    `import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello from React'));\n`,
  );
  writeFileSync(
    path.join(src, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="description" content="Baseline" /><title>Baseline</title></head><body><div id="root"></div></body></html>`,
  );
  const compiler = rspack({
    mode: 'production',
    context: frontendsDir,
    entry: './src/index.js',
    target: ['web', 'es2022'],
    output: { path: path.join(frontendsDir, 'shell', 'dist'), filename: '[name].[contenthash:10].js', publicPath: '/', clean: true },
    resolve: { modules: [path.join(root, 'node_modules')] },
    plugins: [new rspack.HtmlRspackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer' })],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((err, stats) => {
      if (err || stats?.hasErrors()) reject(err ?? new Error(stats!.toString('errors-only')));
      else compiler.close(() => resolve());
    }),
  );
}

const gz = (buf: Buffer) => gzipSync(buf).length;

/** gzip bytes of the same-origin JS Chromium loads for `url` until the network is idle; then, after scrolling to the bottom, what came on top. */
async function pageJs(url: string): Promise<{ files: number; gzip: number; laterFiles: number; laterGzip: number }> {
  const { chromium } = await import('playwright-core');
  const profile = tempDir('bench-chromium-');
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await context.newPage();
    let js: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(url) && /\.m?js(\?|$)/.test(new URL(res.url()).pathname)) js.push(res.body().catch(() => Buffer.alloc(0))); // a late one may outlive the page
    });
    // The first heading is there once the app has rendered; on a busy machine the network can be idle
    // for 500 ms before that, while the first chunk is still being parsed.
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await page.locator('h1').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await sleep(500);
    const first = await Promise.all(js);
    js = [];
    await page.evaluate(() => {
      const w = globalThis as unknown as { scrollTo(x: number, y: number): void; document: { body: { scrollHeight: number } } };
      w.scrollTo(0, w.document.body.scrollHeight);
    });
    await page.waitForLoadState('networkidle');
    await sleep(500);
    const later = await Promise.all(js);
    return { files: first.length, gzip: first.reduce((n, b) => n + gz(b), 0), laterFiles: later.length, laterGzip: later.reduce((n, b) => n + gz(b), 0) };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** One Lighthouse run, default (mobile) configuration, performance only, in a fresh headless Chromium. */
async function lighthouseRun(url: string): Promise<LighthouseRun> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const userDataDir = tempDir('bench-lighthouse-');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    const result = await lighthouse(`${url}/`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** A process that keeps one core busy until killed (Lighthouse under load, issue 18 §3). */
function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/** Lighthouse's slow-4G (devtools values): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface DashboardRun {
  fcp: number;
  heading: number;
}

/**
 * The admin, signed in through the browser (its refresh cookie in the profile), opens /dashboard/admin
 * on a throttled link and CPU: first contentful paint and when the page's heading became visible.
 */
async function dashboardRuns(url: string, email: string, password: string): Promise<DashboardRun[]> {
  const { chromium } = await import('playwright-core');
  const runs: DashboardRun[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const profile = tempDir('bench-dashboard-');
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
    try {
      const login = await context.newPage();
      await login.goto(`${url}/auth`);
      const tab = login.getByRole('tabpanel', { name: 'Login' });
      await tab.getByLabel('Email').fill(email);
      await tab.getByLabel('Password').fill(password);
      await tab.getByRole('button', { name: 'Sign In' }).click();
      await login.waitForURL(/\/dashboard\/admin/, { timeout: 60_000 });
      await login.close();
      const page = await context.newPage();
      // Records when a visible <h1> with text first exists (the page's heading; the splash has none).
      await page.addInitScript(() => {
        // Runs in the page; this file is type-checked without the DOM library: this is what it reads there.
        const w = globalThis as unknown as HeadingWindow;
        const seen = () => {
          const h = w.document.querySelector('main h1');
          if (h && h.textContent?.trim() && h.checkVisibility()) {
            w.__headingAt ??= w.performance.now();
            return true;
          }
          return false;
        };
        new w.MutationObserver(() => seen()).observe(w.document, { childList: true, subtree: true, characterData: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${url}/dashboard/admin`, { waitUntil: 'commit' });
      await page.waitForFunction(() => (globalThis as unknown as HeadingWindow).__headingAt !== undefined, undefined, { timeout: 60_000, polling: 100 });
      const run = await page.evaluate(() => {
        const w = globalThis as unknown as HeadingWindow;
        const fcp = w.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        return { fcp, heading: w.__headingAt ?? NaN };
      });
      runs.push(run);
      console.log(`  dashboard round ${r + 1}: first contentful paint ${run.fcp.toFixed(0)} ms, heading ${run.heading.toFixed(0)} ms`);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  return runs;
}

async function measure(label: string, frontendsDir?: string, options: { loaded?: boolean; dashboard?: boolean } = {}) {
  const dataDir = tempDir('bench-landing-');
  const stack = await academy(dataDir, frontendsDir);
  try {
    const js = await pageJs(stack.url);
    const lighthouseRounds = async (tag: string) => {
      const runs: LighthouseRun[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        // Lighthouse now and then fails to record its trace (NO_NAVSTART, NO_FCP): that run says nothing
        // about the page, so it is run again (twice at most); a third failure ends the bench.
        runs.push(await lighthouseRun(stack.url).catch(() => lighthouseRun(stack.url)).catch(() => lighthouseRun(stack.url)));
        console.log(`${label}${tag} lighthouse round ${r + 1}: score ${runs.at(-1)!.score}, LCP ${runs.at(-1)!.lcp.toFixed(0)} ms, TBT ${runs.at(-1)!.tbt.toFixed(0)} ms`);
      }
      return runs;
    };
    const runs = await lighthouseRounds('');
    let loadedRuns: LighthouseRun[] = [];
    if (options.loaded) {
      const busy = busyCore();
      try {
        loadedRuns = await lighthouseRounds(' (one core busy)');
      } finally {
        busy.kill('SIGKILL');
      }
    }
    let dashboard: DashboardRun[] = [];
    if (options.dashboard) {
      const res = await fetch(`${stack.url}/api/setup`, { method: 'POST' });
      if (!res.ok) throw new Error(`POST /api/setup answered ${res.status}`);
      const admin = (await res.json()) as { email: string; password: string };
      dashboard = await dashboardRuns(stack.url, admin.email, admin.password);
    }
    return { js, runs, loadedRuns, dashboard };
  } finally {
    await stopAcademy(stack.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The frontends as built from `ref` (shell and the admin remote), in a git worktree whose node_modules
 * is the repo's, except that the workspace's own packages point into the worktree: its libs, not today's.
 */
async function buildPrevious(ref: string): Promise<{ dir: string; frontends: string; commit: string }> {
  const dir = tempDir('bench-previous-');
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  const commit = git('rev-parse', '--short', ref);
  rmSync(dir, { recursive: true, force: true });
  git('worktree', 'add', '--detach', dir, commit);
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@academy') {
      symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
      continue;
    }
    mkdirSync(path.join(modules, '@academy'));
    for (const pkg of readdirSync(path.join(root, 'node_modules/@academy'))) {
      // A workspace link (../../libs/ui): the same relative target, inside the worktree.
      symlinkSync(readlinkSync(path.join(root, 'node_modules/@academy', pkg)), path.join(modules, '@academy', pkg));
    }
  }
  for (const app of ['shell', 'dashboard-admin']) {
    const cwd = path.join(dir, 'frontends', app);
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '-c', 'rspack.config.mjs'], { cwd, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`building ${app} at ${commit} failed`);
  }
  return { dir, frontends: path.join(dir, 'frontends'), commit };
}

function removeWorktree(dir: string): void {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  rmSync(dir, { recursive: true, force: true });
}

/** The commit before the one that added the landing page's prerendering (what "today's figures" were measured on). */
function defaultPreviousRef(): string {
  const r = spawnSync('git', ['log', '--format=%H', '--diff-filter=A', '-1', '--', 'frontends/shell/src/prerender.tsx'], { cwd: root, encoding: 'utf8' });
  const added = r.stdout.trim();
  if (!added) throw new Error('no commit added frontends/shell/src/prerender.tsx: set BENCH_PREVIOUS_REF');
  return `${added}^`;
}

async function main() {
  console.log('building (cached by Nx when nothing changed)…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--outputStyle=static'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NX_DAEMON: 'false' } });
  if (build.status !== 0) throw new Error('build failed');
  const baselineDir = tempDir('bench-baseline-');
  const ref = process.env.BENCH_PREVIOUS_REF ?? defaultPreviousRef();
  console.log(`building the previous frontends (${ref})…`);
  const previous = await buildPrevious(ref);
  try {
    await buildBaseline(baselineDir);
    const baseline = await measure('baseline', baselineDir);
    const before = await measure(`previous build ${previous.commit}`, previous.frontends, { loaded: true, dashboard: true });
    const landing = await measure('landing', undefined, { loaded: true, dashboard: true });
    report(baseline, before, landing, previous.commit);
  } finally {
    rmSync(baselineDir, { recursive: true, force: true });
    removeWorktree(previous.dir);
  }
}

type Measured = Awaited<ReturnType<typeof measure>>;

function report(baseline: Measured, before: Measured, landing: Measured, previous: string) {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  const med = <T>(runs: T[], k: keyof T) => median(runs.map((r) => Number(r[k])));
  const pick = (m: Measured, k: keyof LighthouseRun) => med(m.runs, k);
  const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const perRound = (runs: LighthouseRun[]) => runs.map((r) => r.score).join(' / ');
  const score = pick(landing, 'score');
  const loaded = med(landing.loadedRuns, 'score');
  const size = landing.js.gzip;
  const fcp = med(landing.dashboard, 'fcp');
  const heading = med(landing.dashboard, 'heading');
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  const body = `## Landing page: Lighthouse performance (mobile) and initial JavaScript; a dashboard on slow 4G

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`libs/devstack/bench/landing.bench.ts\` on ${os.cpus().length} cores
(${os.cpus()[0]?.model.trim()}), Node ${process.version}, Debian's Chromium, Lighthouse's default (mobile) configuration:
simulated slow 4G and a 4× CPU slowdown. Every page is served the same way, by the academy's own API
(\`npm start\` on a fresh data folder; the baseline and the previous build through \`ACADEMY_FRONTENDS_DIR\`), which sends the
built files brotli-compressed. The machine is shared with other work: Lighthouse's simulated timings
scale with the CPU time it observes, so compare with the baseline's and the previous build's of the same run. Medians of ${ROUNDS} runs,
each in a fresh headless Chromium. **Previous build**: the frontends as they were at \`${previous}\` (before the landing page was
prerendered), built from that commit in a git worktree in this run.

| what | baseline (same run): a bare React 19 page rendering one heading | previous build (same run) | landing page \`/\` now | ratio to the previous | goal | |
|---|---|---|---|---|---|---|
| Lighthouse performance score (mobile) | ${pick(baseline, 'score')} | ${pick(before, 'score')} | ${score} | **${(score / pick(before, 'score')).toFixed(2)}×** | ≥ 95 | ${met(score >= 95)} |
| the same while another process keeps one core busy | — | ${med(before.loadedRuns, 'score')} | ${loaded} | **${(loaded / med(before.loadedRuns, 'score')).toFixed(2)}×** | ≥ 90 | ${met(loaded >= 90)} |
| JS loaded for \`/\` until it has rendered and the network is idle (gzip of each file) | ${kb(baseline.js.gzip)} (${baseline.js.files} files) | ${kb(before.js.gzip)} (${before.js.files} files) | ${kb(size)} (${landing.js.files} files) | ${(size / before.js.gzip).toFixed(2)}× | ≤ 170 KB | ${met(size <= 170 * 1024)} |
| first contentful paint (simulated) | ${ms(pick(baseline, 'fcp'))} | ${ms(pick(before, 'fcp'))} | ${ms(pick(landing, 'fcp'))} | ${(pick(landing, 'fcp') / pick(before, 'fcp')).toFixed(2)}× | | |
| largest contentful paint (simulated) | ${ms(pick(baseline, 'lcp'))} | ${ms(pick(before, 'lcp'))} | ${ms(pick(landing, 'lcp'))} | ${(pick(landing, 'lcp') / pick(before, 'lcp')).toFixed(2)}× | | |
| total blocking time | ${pick(baseline, 'tbt').toFixed(0)} ms | ${pick(before, 'tbt').toFixed(0)} ms | ${pick(landing, 'tbt').toFixed(0)} ms | | | |
| cumulative layout shift | ${pick(baseline, 'cls').toFixed(3)} | ${pick(before, 'cls').toFixed(3)} | ${pick(landing, 'cls').toFixed(3)} | | | |
| **/dashboard/admin**, signed in, slow 4G (150 ms, 1.6 Mbit/s, CPU 4×): first contentful paint | — | ${ms(med(before.dashboard, 'fcp'))} | ${ms(fcp)} | ${(fcp / med(before.dashboard, 'fcp')).toFixed(2)}× | ≤ 1.5 s | ${met(fcp <= 1500)} |
| the same: its page heading visible | — | ${ms(med(before.dashboard, 'heading'))} | ${ms(heading)} | ${(heading / med(before.dashboard, 'heading')).toFixed(2)}× | ≤ 3.0 s | ${met(heading <= 3000)} |

Scores per run: baseline ${perRound(baseline.runs)}; previous ${perRound(before.runs)}, one core busy ${perRound(before.loadedRuns)}; now ${perRound(landing.runs)}, one core busy ${perRound(landing.loadedRuns)}.
Dashboard runs (first contentful paint / heading, ms): previous ${before.dashboard.map((r) => `${r.fcp.toFixed(0)}/${r.heading.toFixed(0)}`).join(', ')}; now ${landing.dashboard.map((r) => `${r.fcp.toFixed(0)}/${r.heading.toFixed(0)}`).join(', ')}.
The dashboard is measured with Playwright on Debian's Chromium with the devtools protocol's network and CPU throttling set to
Lighthouse's slow-4G values (applied, not simulated), after signing in through the page (the refresh cookie in the profile):
the splash in the HTML is its first contentful paint; the heading is the remote's page, after the session refresh, the
federation manifest, the remote's entry and the dashboard's first read.
Loaded later, only when the visitor scrolls to the application form (react-hook-form, the admissions
zod schema and the form): ${kb(landing.js.laterGzip)} in ${landing.js.laterFiles} files. The syllabus and Quick Contact dialogs
(Radix Dialog) load when first opened; /auth, /setup and the dashboards load when visited.

What changed since the previous build: \`/\` is prerendered at build time (\`frontends/shell/src/prerender.tsx\`,
served as \`dist/landing.html\`) and hydrated, so its content is in the first response instead of after the
JavaScript; the scores follow the CPU time Lighthouse observes, so a busy machine lowers both columns alike.

Reproduce alone: \`npm run bench -- landing\` (\`BENCH_ROUNDS\` changes the runs; \`BENCH_PREVIOUS_REF\` the previous build).`;
  console.log(`\n${body}\n`);
  writeSection('landing', body);
}

main().catch((e: unknown) => {
  console.error('bench landing failed:', e ?? '(rejected without a reason)', e instanceof Error ? '' : new Error('here').stack);
  process.exit(1);
});
