// Issue 19 §1: what `npm run demo` costs, against the event store's batched-append rate measured in
// the same run on the same PostgreSQL server.
//
//   npm run bench -- demo      BENCH_ROUNDS (3; each round a fresh `npm start` on an empty data folder)
//
// Each round starts `npm start` (scripts/academy-dev.mjs) on an empty data folder, runs
// `npm run demo` against it as a person would, and reads the demo's own line "done in S s: … appended
// N events". Then, on the same embedded PostgreSQL the round's academy runs on, the baseline: the
// event store appending 100-event batches (≈1 KB each, as in `npm run bench -- append`) into a schema
// of its own. The demo's events/s is bounded by its HTTP round-trips, the commands' authorization and
// the read-your-writes waits (ADR 0005), not by appends: the ratio says how far from the store's
// ceiling a real workload through the API runs. Writes its section of docs/benchmarks.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeSection, root } from '@academy/devstack/bench-doc';
import { PostgresEventStore, type NewEvent } from '@academy/event-store';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 150); // × 100 events per baseline measurement
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function terminalEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'NODE_ENV']) delete env[k];
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

const filler = 'lorem ipsum dolor sit amet '.repeat(30);
function event(i: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'SubmissionGraded',
    data: { submissionId: randomUUID(), score: i % 100, feedback: filler },
    metadata: { actorId: randomUUID(), actorRole: 'teacher', correlationId: randomUUID(), causationId: randomUUID(), occurredAt: new Date().toISOString() },
  };
}

/** Events/s of 100-event batched appends by the event store on `databaseUrl`, in a schema of its own. */
async function batchedAppendRate(databaseUrl: string, round: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => {});
  const store = new PostgresEventStore({ pool, masterKey: Buffer.alloc(32, 9), schema: `bench_demo_${round}` });
  try {
    await store.migrate();
    await store.append('warm-up', Array.from({ length: 100 }, (_, i) => event(i)), 'any');
    const t0 = process.hrtime.bigint();
    for (let b = 0; b < BATCHES; b++) await store.append(`s-${b % 50}`, Array.from({ length: 100 }, (_, i) => event(i)), 'any');
    return (BATCHES * 100) / (Number(process.hrtime.bigint() - t0) / 1e9);
  } finally {
    await store.close();
    await pool.query(`DROP SCHEMA IF EXISTS bench_demo_${round} CASCADE`);
    await pool.end();
  }
}

interface Round {
  seconds: number;
  calls: number;
  events: number;
  demoRate: number;
  appendRate: number;
}

async function oneRound(round: number): Promise<Round> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-demo-'));
  chmodSync(dataDir, 0o755);
  const academy = run('scripts/academy-dev.mjs', ['start'], terminalEnv({ ACADEMY_DATA_DIR: dataDir }));
  try {
    const until = Date.now() + 180_000;
    while (!/academy: mail inbox \S+/.test(academy.output())) {
      if (academy.child.exitCode !== null || Date.now() > until) throw new Error(`npm start did not get ready:\n${academy.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const stack = JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as { databaseUrl: string };
    const demo = run('scripts/demo.mjs', [], terminalEnv({ ACADEMY_DATA_DIR: dataDir }));
    if ((await demo.exited) !== 0) throw new Error(`npm run demo failed:\n${demo.output()}`);
    const done = /done in ([\d.]+) s: (\d+) API calls appended (\d+) events/.exec(demo.output());
    if (!done) throw new Error(`no "done in" line from the demo:\n${demo.output()}`);
    const [seconds, calls, events] = [Number(done[1]), Number(done[2]), Number(done[3])];
    // The worker has settled (the demo waited for its projections); the baseline runs on the same server.
    const appendRate = await batchedAppendRate(stack.databaseUrl, round);
    const r = { seconds, calls, events, demoRate: events / seconds, appendRate };
    console.log(`round ${round + 1}: demo ${seconds.toFixed(1)} s, ${calls} calls, ${events} events (${r.demoRate.toFixed(0)} ev/s); batched append ${appendRate.toFixed(0)} ev/s`);
    return r;
  } finally {
    academy.child.kill('SIGTERM');
    await academy.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound(i));
  const mid = rounds.map((r) => r.demoRate / r.appendRate);
  const pick = (f: (r: Round) => number) => median(rounds.map(f));
  const ratio = median(mid);
  const body = `## npm run demo: wall time and events appended per second (issue 19)

\`npm run bench -- demo\` (BENCH_ROUNDS=${ROUNDS}; each round a fresh \`npm start\` on an empty data folder, then
\`npm run demo\` as a person runs it; medians of the rounds). Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end.

| what | median |
|---|---|
| \`npm run demo\` wall time (goal < 120 s) | ${pick((r) => r.seconds).toFixed(1)} s |
| API calls it makes | ${pick((r) => r.calls)} |
| events it appends | ${pick((r) => r.events)} |
| its rate through the API | ${pick((r) => r.demoRate).toFixed(0)} events/s |
| baseline: the event store's 100-event batched appends on the same server, same run | ${pick((r) => r.appendRate).toFixed(0)} events/s |
| **ratio** demo ÷ batched append | **${(ratio * 100).toFixed(1)} %** |

Rounds: ${rounds.map((r) => `${r.seconds.toFixed(1)} s / ${r.demoRate.toFixed(0)} vs ${r.appendRate.toFixed(0)} ev/s`).join('; ')}.

The demo is 4-6 concurrent clients making dependent calls (a student's capstone is graded before
the next is submitted, so the week advances), each answered after its read model has caught up (ADR 0005), on
the 2 cores it shares with the API, the worker, PostgreSQL and Redis: the ratio is the price of
HTTP, authorization and read-your-writes over a bare append, not a limit of the log.`;
  writeSection('demo', body);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
