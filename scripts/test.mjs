// `npm test`: everything CI checks, in the order that fails fastest:
//   lint, type-checks (side by side) → build (the browser and API tests run the built apps) → jest (unit, int, e2e)
// Integration and browser tests start their own embedded Postgres and redis-server (see
// libs/testing/src/global-setup.mjs); TEST_DATABASE_URL / TEST_REDIS_URL point them elsewhere.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };
const node = process.execPath;

function step(title, args, { continueOnFailure = false, timeoutMs } = {}) {
  process.stdout.write(`\n── ${title}\n`);
  const started = Date.now();
  const r = spawnSync(node, args, { cwd: root, env, stdio: 'inherit', timeout: timeoutMs, killSignal: 'SIGKILL' });
  if (r.status !== 0) {
    // A jest that never exits (a test left a handle open: "Jest did not exit") would otherwise hold
    // CI until its own limit, saying nothing.
    if (r.error?.code === 'ETIMEDOUT') process.stderr.write(`academy: ${title} was still running after ${timeoutMs / 60_000} min and was killed (a test that never ends, or one that left a handle open)\n`);
    process.stderr.write(`academy: ${title} failed\n`);
    if (continueOnFailure) return false;
    process.exit(r.status ?? 1);
  }
  process.stdout.write(`── ${title}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return true;
}

/** Runs the steps at once; fails (after all ended) when one did. */
async function together(steps) {
  const started = Date.now();
  process.stdout.write(`\n── ${steps.map(([title]) => title).join(', ')} (side by side)\n`);
  const results = await Promise.all(
    steps.map(
      ([title, args]) =>
        new Promise((resolve) => {
          const child = spawn(node, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
          child.on('close', (code) => {
            process.stdout.write(`\n── ${title}\n${Buffer.concat(out).toString()}`);
            process.stdout.write(code === 0 ? `── ${title}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)\n` : '');
            if (code !== 0) process.stderr.write(`academy: ${title} failed\n`);
            resolve(code === 0);
          });
        }),
    ),
  );
  if (results.includes(false)) process.exit(1);
}

if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  process.stderr.write('academy: the browser tests need Debian\'s Chromium at /usr/bin/chromium (apt-get install -y chromium) or CHROMIUM_PATH\n');
  process.exit(1);
}

// The boundary rule reads Nx's cached project graph and silently skips itself without one.
step('project graph', ['node_modules/nx/dist/bin/nx.js', 'show', 'projects']);
// Lint and both type-checks read the sources and nothing else: side by side they take the longest one's
// time, not the sum (each is single-threaded). Each one's output is printed whole when it ends.
await together([
  ['lint', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']],
  ['type-check (node)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']],
  ['type-check (web)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.web.json']],
]);
step('build', ['node_modules/nx/dist/bin/nx.js', 'run-many', '-t', 'build', '--outputStyle=static', '--skipNxCache']);
// On 2 cores jest runs every file in band, in one process, and each ESM test file keeps its own module
// registry (Nest, MikroORM, the contexts) until that process ends: ~60 MB a file, 7.7 GB for the ~130
// files of one run, past V8's default heap limit. So the whole run is split into shards (jest --shard),
// each its own process; --logHeapUsage prints the heap after every file, so growth shows long before
// it fails. Given paths or options (`npm test -- <args>`), one process runs exactly those.
const args = process.argv.slice(2);
const shards = args.length ? 1 : Math.max(1, Number(process.env.JEST_SHARDS ?? 4));
// One shard takes 2–4 min here; past this it hangs (JEST_SHARD_TIMEOUT_MIN to change it).
const shardTimeoutMs = Number(process.env.JEST_SHARD_TIMEOUT_MIN ?? 25) * 60_000;
const jest = (extra) => ['--max-old-space-size=6144', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci', '--logHeapUsage', ...extra];
if (shards === 1) step('jest (unit, integration, browser)', jest(args));
else {
  const results = path.join(root, 'test-results');
  mkdirSync(results, { recursive: true });
  const failed = [];
  const total = { suites: 0, tests: 0, failedTests: 0 };
  for (let i = 1; i <= shards; i++) {
    const out = path.join(results, `jest-shard-${i}.json`);
    rmSync(out, { force: true });
    const ok = step(`jest shard ${i}/${shards} (unit, integration, browser)`, jest([`--shard=${i}/${shards}`, '--json', `--outputFile=${out}`]), { continueOnFailure: true, timeoutMs: shardTimeoutMs });
    if (!ok) failed.push(i);
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, 'utf8'));
      total.suites += r.numTotalTestSuites;
      total.tests += r.numTotalTests;
      total.failedTests += r.numFailedTests;
    }
  }
  process.stdout.write(`\n── jest, all ${shards} shards: ${total.suites} suites, ${total.tests} tests, ${total.tests - total.failedTests} passed, ${total.failedTests} failed\n`);
  if (!process.env.EVENTSTORE_URL) process.stdout.write('KurrentDB contract suite not run: EVENTSTORE_URL is not set (no KurrentDB server here; see docs/adr/0032)\n');
  if (failed.length) {
    process.stderr.write(`academy: jest shard(s) ${failed.join(', ')} failed\n`);
    process.exit(1);
  }
}
