// Issue 6: the student's Weekly Lessons (GET /api/student/lessons) and the teacher's Submissions
// (GET /api/teacher/submissions) under load, against a bare node:http + pg server running the same
// SQL on the same database in the same run (learning-baseline.ts). Two seeds of the same shape: a
// large one (10,000 students, ≈ 1M events) and a small one (100 students, ≈ 10k events).
//
//   npm run bench -- lessons
//
// BENCH_STUDENTS (default 10000), BENCH_SMALL_STUDENTS (100), BENCH_COHORT (students per program, 50),
// BENCH_SECONDS (per measurement, 10), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (100), BENCH_REPLAY_ONLY (1: only the
// large seed, its ordered scan and replay, printed), BENCH_CPU_PROF (a folder:
// CPU profiles of the servers).
//
// The seed is built from the real event shapes of the contracts and appended through the event store
// (concurrent appends that the store groups, up to 256 streams per call: hash chain, encrypted personal parts and all); then the real
// identity, learning and grading projections replay it from position 0 (timed). The API is the real
// one (services/api/src/main.ts, NODE_ENV=production) in its own process; tokens are minted the way
// the API verifies them (HS256 with the API's secret, one live session family per user).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { lessonsResponseSchema, teacherSubmissionsResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { freePort, startPostgres, startRedis, stopChild } from '@academy/devstack';
import { root, writeSection } from '@academy/devstack/bench-doc';
import { AccessTokens, DEFAULT_PROJECTION_BATCH_SIZE, loadConfig, migrateUp, MikroORM, ormOptions } from '@academy/backend';
import { identitySessionMigrations } from '@academy/identity';
import { COHORT, MASTER_KEY, MAX_WEEK, seed, SUBJECTS, type Seeded } from './learning-seed.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const SMALL_STUDENTS = Number(process.env.BENCH_SMALL_STUDENTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** The API's pool size (EventSourcingModule): the baseline gets the same. */
const POOL_MAX = 10;

const JWT_SECRET = 'the-learning-benchmark-secret-0123456789abcdef';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

// ───────────────────────────────────────────────────────────────────────────── servers

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
}

async function spawnServer(entry: string, env: Record<string, string>, ready: (port: number) => Promise<boolean>): Promise<Server> {
  const port = await freePort();
  let out = '';
  // BENCH_CPU_PROF=<dir>: V8 CPU profiles of both servers (written when they stop), to see where a request's time goes.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', './scripts/ts.mjs', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited:\n${out}`);
    if (await ready(port).catch(() => false)) return { child, port, output: () => out };
    if (Date.now() > until) throw new Error(`${entry} did not start:\n${out}`);
    await sleep(200);
  }
}

// ───────────────────────────────────────────────────────────────────────────── load

interface Target {
  port: number;
  /** The server's process and its database: their CPU time per answer is measured in the closed loop. */
  pid?: number;
  db?: string;
  /** A path (with query) and headers for one random request. */
  next(): { path: string; headers: Record<string, string> };
}

interface Run {
  /** Answers counted. */
  n: number;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
  /** Open loop only: p99 of how late the load generator itself sent a request (its share of the latency). */
  lagP99?: number;
  /** Closed loop only: CPU milliseconds per answer of the server process and of PostgreSQL's backends. */
  cpu?: { server: number; postgres: number };
}

function get(agent: http.Agent, port: number, p: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);

function summary(lat: number[], errors: number, bytes: number, seconds: number): Run {
  lat.sort((a, b) => a - b);
  return { n: lat.length, rate: lat.length / seconds, p50: pct(lat, 50), p99: pct(lat, 99), errors, bytes: lat.length ? bytes / lat.length : 0 };
}

// CPU time, robust where wall-clock throughput is not (this machine is shared): user + system time of
// a process (/proc/<pid>/stat, in clock ticks of 10 ms), and of every backend of the bench's Postgres.
const TICK_MS = 10;
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
/** The postmaster of the bench's PostgreSQL (set by main); its backends are its children. */
let postmasterPid = 0;
/**
 * CPU time of the backends serving `db` (their process title is `postgres: <user> <db> …`), by pid:
 * not the checkpointer's or autovacuum's, which a bulk load keeps busy for a while.
 */
function postgresBackendsCpuMs(db: string): Map<number, number> {
  const byPid = new Map<number, number>();
  if (!postmasterPid) return byPid;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== postmasterPid) continue;
      const title = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (title.split(' ')[2] === db) byPid.set(Number(d), cpuMsOf(Number(d)));
    } catch {
      /* gone */
    }
  }
  return byPid;
}

/**
 * The backends' CPU over a loop. A backend that exits takes its time with it (an idle pool connection
 * closed during the loop made the difference negative), so the backends are read every 250 ms and one
 * that is gone counts with its last reading: at most 250 ms of one backend's time can be missed.
 */
function postgresCpuMeter(db: string): { stop(): number } {
  const first = postgresBackendsCpuMs(db);
  const last = new Map(first);
  const read = () => {
    for (const [pid, ms] of postgresBackendsCpuMs(db)) last.set(pid, ms);
  };
  const timer = setInterval(read, 250);
  return {
    stop() {
      clearInterval(timer);
      read();
      let ms = 0;
      for (const [pid, now] of last) ms += now - (first.get(pid) ?? 0);
      return ms;
    },
  };
}

/**
 * Closed loop: CONNECTIONS requests always in flight. Counted: the answers that arrive in the
 * `seconds` after the warm-up (a slow endpoint's answer may have been asked for during the warm-up).
 */
async function closedLoop(t: Target, seconds: number): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const lat: number[] = [];
  let errors = 0;
  let bytes = 0;
  let all = 0;
  const cpu0 = t.pid ? cpuMsOf(t.pid) : 0;
  const pg = t.db ? postgresCpuMeter(t.db) : null;
  const start = performance.now();
  const warmEnd = start + WARMUP * 1000;
  const end = warmEnd + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const r = t.next();
        const s = performance.now();
        const ok = await get(agent, t.port, r.path, r.headers).then(
          (x) => (x.status === 200 ? x.bytes : -1),
          () => -1,
        );
        const e = performance.now();
        all++;
        if (e < warmEnd || e > end) continue;
        if (ok < 0) errors++;
        else {
          lat.push(e - s);
          bytes += ok;
        }
      }
    }),
  );
  agent.destroy();
  // Over every answer of the loop, warm-up included (CPU time cannot be split at the warm-up's end).
  const cpu = t.pid && all ? { server: (cpuMsOf(t.pid) - cpu0) / all, postgres: pg ? pg.stop() / all : 0 } : undefined;
  if (!cpu) pg?.stop();
  return { ...summary(lat, errors, bytes, seconds), cpu };
}

/**
 * Open loop at `rate` requests/s: request i is due at start + i/rate whatever happened before it;
 * its latency counts from when it was due (queueing behind a slow server counts, no coordinated omission).
 */
async function openLoop(t: Target, rate: number, seconds: number): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const lat: number[] = [];
  let errors = 0;
  let bytes = 0;
  const inflight = new Set<Promise<void>>();
  const lags: number[] = [];
  const start = performance.now();
  const warmEnd = start + WARMUP * 1000;
  const end = warmEnd + seconds * 1000;
  let sent = 0;
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent++) {
      const dueAt = start + (sent / rate) * 1000;
      if (dueAt >= warmEnd) lags.push(performance.now() - dueAt);
      const r = t.next();
      const p = get(agent, t.port, r.path, r.headers).then(
        (x) => {
          if (dueAt < warmEnd) return;
          if (x.status !== 200) errors++;
          else {
            lat.push(performance.now() - dueAt);
            bytes += x.bytes;
          }
        },
        () => void (dueAt >= warmEnd && errors++),
      );
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    }
    await sleep(1);
  }
  await Promise.all(inflight);
  agent.destroy();
  lags.sort((a, b) => a - b);
  return { ...summary(lat, errors, bytes, seconds), lagP99: pct(lags, 99) };
}

interface Measured {
  max: Run;
  half: Run;
  /** Large size only: the highest probed fraction of the maximum at which p99 ≤ P99_GOAL_MS (null: none). */
  slo?: { fraction: number; rate: number; p99: number } | null;
}
const P99_GOAL_MS = 25;
/** Fractions of the maximum probed for the rate that keeps p99 within the goal, highest first. */
const SLO_FRACTIONS = [0.4, 0.3, 0.2, 0.1];

async function sloRate(label: string, t: Target, max: number): Promise<Measured['slo']> {
  for (const fraction of SLO_FRACTIONS) {
    const r = await openLoop(t, max * fraction, SECONDS);
    console.log(`  ${label}: at ${fmt(max * fraction)} req/s (${Math.round(fraction * 100)} % of max) p99 ${ms(r.p99)}`);
    if (r.p99 <= P99_GOAL_MS && r.errors === 0) return { fraction, rate: max * fraction, p99: r.p99 };
  }
  return null;
}
async function measure(label: string, t: Target, probeSlo: boolean): Promise<Measured> {
  const max = await closedLoop(t, SECONDS);
  const half = await openLoop(t, max.rate / 2, SECONDS);
  if (max.cpu) console.log(`  ${label}: CPU per answer: server ${max.cpu.server.toFixed(3)} ms, PostgreSQL ${max.cpu.postgres.toFixed(3)} ms`);
  console.log(`  ${label}: max ${fmt(max.rate)} req/s (p99 ${ms(max.p99)}, ${fmt(max.bytes)} B/answer, ${max.errors} errors); at ${fmt(max.rate / 2)} req/s p99 ${ms(half.p99)}, p50 ${ms(half.p50)} (the generator sent late by up to ${ms(half.lagP99!)} at p99; ${half.n} answers, ${half.errors} errors)`);
  return { max, half, ...(probeSlo && half.p99 > P99_GOAL_MS ? { slo: await sloRate(label, t, max.rate) } : {}) };
}

// ───────────────────────────────────────────────────────────────────────────── one size

interface SizeResult {
  seeded: Seeded;
  /** 1-minute load average when the size started and when its measurements ended. */
  load: [number, number];
  lessons: { api: Measured; base: Measured };
  submissions: { api: Measured; base: Measured };
  /** The same generator against a server that answers a constant 15 KB without a database, at the API's Weekly Lessons half load. */
  floor: Run;
  check: string;
}

async function runSize(pgUrlOf: (db: string) => Promise<string>, redisUrl: string, students: number, tag: string): Promise<SizeResult> {
  const loadAtStart = os.loadavg()[0];
  console.log(`\n${tag}: seeding ${fmt(students)} students… (load average ${loadAtStart.toFixed(1)})`);
  const db = `bench_lessons_${tag}`;
  const url = await pgUrlOf(db);
  const apiEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    QUEUE_PREFIX: `bench-${tag}`,
    ACADEMY_MASTER_KEY: MASTER_KEY.toString('base64'),
    JWT_SECRET,
    PUBLIC_URL: 'http://academy.bench',
    ACADEMY_FRONTENDS_DIR: path.join(os.tmpdir(), 'academy-bench-no-frontends'),
    // Required in production; these screens send no mail.
    SMTP_URL: 'smtp://127.0.0.1:2525',
  };
  const config = loadConfig(apiEnv);
  const orm = await MikroORM.init(ormOptions(url));
  await migrateUp(orm, url, [identitySessionMigrations]);
  await orm.close();
  const seeded = await seed(url, students);
  console.log(`  ${fmt(seeded.events)} events seeded in ${seeded.seedSeconds.toFixed(0)} s (${seeded.sizeOfLog}); projections replayed in ${seeded.replaySeconds.toFixed(0)} s (the ordered scan of the log: ${seeded.scanSeconds.toFixed(0)} s)`);

  // One live session family per user, as a sign-in leaves it; access tokens signed like the API's.
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const sessions = new Map<string, string>();
  const users = [...seeded.students.map((s) => s.id), ...seeded.teachers.map((t) => t.id)];
  for (const id of users) sessions.set(id, randomUUID());
  await pool.query(`INSERT INTO identity_session_families (id, user_id, user_agent) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[])`, [
    [...sessions.values()],
    [...sessions.keys()],
    users.map(() => 'learning.bench'),
  ]);
  await pool.end();
  const tokens = new AccessTokens(config);
  const mint = (sub: string, role: string) => `Bearer ${tokens.issue({ sub, role, sid: sessions.get(sub)! }).token}`;
  const studentTokens = seeded.students.map((s) => ({ id: s.id, auth: mint(s.id, 'student') }));
  const teacherTokens = seeded.teachers.map((t) => ({ id: t.id, auth: mint(t.id, 'teacher') }));
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

  // The baseline's answers (learning-baseline.ts): what the comparison reads of them.
  const baselineLessons = z.object({ rows: z.array(z.object({ week_id: z.string().nullable(), item_id: z.string().nullable() })) });
  const baselineSubmissions = z.object({ counts: z.object({ pending: z.number(), graded: z.number() }), items: z.array(z.object({ id: z.string() })) });
  const answers = async (port: number, p: string, auth?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: auth ? { authorization: auth } : {} });
    const body: unknown = res.status === 200 ? await res.json() : null;
    return { status: res.status, body };
  };
  const api = await spawnServer('services/api/src/main.ts', apiEnv, async (port) => (await fetch(`http://127.0.0.1:${port}/api/health`)).status > 0);
  const base = await spawnServer('services/api/bench/learning-baseline.ts', { DATABASE_URL: url, PG_POOL_MAX: String(POOL_MAX) }, async (port) => (await fetch(`http://127.0.0.1:${port}/lessons?id=${randomUUID()}`)).status === 200);
  try {
    // Both servers answer the same data: a sample of students and teachers, compared.
    let weeks = 0;
    let rows = 0;
    for (let i = 0; i < 20; i++) {
      const s = pick(studentTokens);
      const a = await answers(api.port, '/api/student/lessons', s.auth);
      const b = await answers(base.port, `/lessons?id=${s.id}`);
      if (a.status !== 200) throw new Error(`GET /api/student/lessons answered ${a.status}: is the learning module in the API (merge l-api)?\n${api.output()}`);
      const lessons = bodyOf(a, lessonsResponseSchema);
      const items = lessons.weeks.reduce((n, w) => n + w.tasks.length + (w.capstone ? 1 : 0), 0);
      const rowsOf = bodyOf(b, baselineLessons).rows;
      const baseWeeks = new Set(rowsOf.flatMap((r) => (r.week_id ? [r.week_id] : []))).size;
      if (lessons.weeks.length !== baseWeeks || items !== rowsOf.filter((r) => r.item_id).length || lessons.weeks.length === 0) {
        throw new Error(`lessons of ${s.id}: the API and the baseline differ`);
      }
      weeks += lessons.weeks.length;
      const t = pick(teacherTokens);
      const c = await answers(api.port, '/api/teacher/submissions', t.auth);
      const d = await answers(base.port, `/submissions?id=${t.id}`);
      if (c.status !== 200) throw new Error(`GET /api/teacher/submissions answered ${c.status}\n${api.output()}`);
      // The pending tab's first page: the same counts and the same rows in the same order.
      const ids = (x: { items: { id: string }[] }) => x.items.map((r) => r.id).join();
      const [mine, theirs] = [bodyOf(c, teacherSubmissionsResponseSchema), bodyOf(d, baselineSubmissions)];
      const total = theirs.counts.pending + theirs.counts.graded;
      if (mine.counts.pending !== theirs.counts.pending || mine.counts.graded !== theirs.counts.graded || ids(mine) !== ids(theirs) || total === 0) {
        throw new Error(`submissions of ${t.id}: the API and the baseline differ`);
      }
      rows += total;
    }
    const check = `a sample of 20 students and 20 teachers answered alike by both (on average ${(weeks / 20).toFixed(1)} published weeks with their tasks, capstone and the student's attempts; ${fmt(rows / 20)} submissions per teacher)`;
    console.log(`  ${check}`);

    const lessonsApi: Target = { port: api.port, pid: api.child.pid, db, next: () => ({ path: '/api/student/lessons', headers: { authorization: pick(studentTokens).auth } }) };
    const lessonsBase: Target = { port: base.port, pid: base.child.pid, db, next: () => ({ path: `/lessons?id=${pick(studentTokens).id}`, headers: {} }) };
    const subsApi: Target = { port: api.port, pid: api.child.pid, db, next: () => ({ path: '/api/teacher/submissions', headers: { authorization: pick(teacherTokens).auth } }) };
    const subsBase: Target = { port: base.port, pid: base.child.pid, db, next: () => ({ path: `/submissions?id=${pick(teacherTokens).id}`, headers: {} }) };
    const probe = tag === 'large';
    const lessons = { base: await measure('lessons, baseline', lessonsBase, probe), api: await measure('lessons, API', lessonsApi, probe) };
    const floor = await openLoop({ port: base.port, next: () => ({ path: '/floor', headers: {} }) }, lessons.api.max.rate / 2, SECONDS);
    console.log(`  floor (constant answer, no database) at ${fmt(lessons.api.max.rate / 2)} req/s: p99 ${ms(floor.p99)}, p50 ${ms(floor.p50)} (generator late by ${ms(floor.lagP99!)} at p99)`);
    const submissions = { base: await measure('submissions, baseline', subsBase, probe), api: await measure('submissions, API', subsApi, probe) };
    return { seeded, load: [loadAtStart, os.loadavg()[0]], lessons, submissions, floor, check };
  } finally {
    await Promise.all([stopChild(api.child), stopChild(base.child)]);
  }
}

// ───────────────────────────────────────────────────────────────────────────── main

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-lessons-'));
  chmodSync(dir, 0o755);
  const server = await startPostgres({ dataDir: path.join(dir, 'pg') });
  postmasterPid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const redis = await startRedis({ dataDir: path.join(dir, 'redis') });
  const stop = async () => {
    await Promise.all([server.stop(), redis.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const { rows: v } = await (async () => {
      const c = new pg.Client({ connectionString: server.url });
      await c.connect();
      try {
        return await c.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
      } finally {
        await c.end();
      }
    })();
    // BENCH_REPLAY_ONLY=1: seed the large size, scan and replay it, print the figures and stop (no servers, no report).
    if (process.env.BENCH_REPLAY_ONLY) {
      const url = await server.createDatabase('bench_lessons_replay');
      const orm = await MikroORM.init(ormOptions(url));
      await migrateUp(orm, url, [identitySessionMigrations]);
      await orm.close();
      const s = await seed(url, STUDENTS);
      console.log(`  ${fmt(s.events)} events: replay ${fmt(s.events / s.replaySeconds)} events/s, ordered scan ${fmt(s.events / s.scanSeconds)} events/s: ${Math.round((s.scanSeconds / s.replaySeconds) * 100)} %`);
      return;
    }
    const small = await runSize((db) => server.createDatabase(db), redis.url, SMALL_STUDENTS, 'small');
    const large = await runSize((db) => server.createDatabase(db), redis.url, STUDENTS, 'large');
    writeSection('lessons', report(large, small, v[0].v));
  } finally {
    await stop();
  }
}

/** What the figures say, goal by goal, with the cause of a goal missed. */
function reading(large: SizeResult, small: SizeResult): string {
  const l = large.lessons;
  const sub = large.submissions;
  const ratioL = l.api.max.rate / l.base.max.rate;
  const ratioS = sub.api.max.rate / sub.base.max.rate;
  const out: string[] = [];
  out.push(
    `- Throughput against the bare handler: Weekly Lessons ${Math.round(ratioL * 100)} %, Submissions ${Math.round(ratioS * 100)} % (goal ≥ 60 %). ` +
      'Both servers send each screen\'s single statement as a named prepared statement (planned once per connection: planning a ' +
      'statement of this many joins cost more than running it, and was most of both endpoints\' time before). What the API adds per ' +
      'request: passport\'s JWT strategy (a token is verified once, then known by its text until it expires, ADR 0016), the session ' +
      'check (answered from memory once a family is seen live, forgotten at once when it ends, ADR 0009), NestJS\'s middleware ' +
      '(security headers, the request log, MikroORM\'s request context), guards, interceptors and exception filter, and mapping the ' +
      'rows into the contract\'s shapes (no ETag is computed: API answers are no-store).' +
      (ratioS < 0.6 || ratioL < 0.6 ? ' Where the ratio misses the goal, the cost is CPU in the API process on a machine with no core to spare: the load generator, PostgreSQL and the server compete for 2 cores.' : ''),
  );
  const slo = (m: Measured) =>
    m.slo ? `${fmt(m.slo.rate)} req/s (${Math.round(m.slo.fraction * 100)} % of its maximum, p99 ${ms(m.slo.p99)})` : `none of ${SLO_FRACTIONS.map((f) => `${f * 100} %`).join(', ')} of its maximum`;
  const tail = (name: string, m: { api: Measured; base: Measured }) => {
    if (m.api.half.p99 <= P99_GOAL_MS) return `- ${name} p99 at half load: ${ms(m.api.half.p99)}: the goal is met.`;
    return (
      `- ${name} p99 at half load: ${ms(m.api.half.p99)} (p50 ${ms(m.api.half.p50)}); the bare handler, at its own half load, ${ms(m.base.half.p99)} ` +
      `(p50 ${ms(m.base.half.p50)}). The goal (≤ ${P99_GOAL_MS} ms) is missed` +
      (m.base.half.p99 > P99_GOAL_MS ? ', by the bare handler too: the tail is the machine\'s, not the academy\'s' : '') +
      `. The load generator itself sent requests up to ${ms(m.api.half.lagP99!)} late at p99 (counted in the latency, as a client would see it). ` +
      (m.api.slo !== undefined
        ? `Where p99 does stay within ${P99_GOAL_MS} ms, probed downwards: the API at ${slo(m.api)}, the bare handler at ${slo(m.base)}.`
        : '')
    );
  };
  out.push(
    tail('Weekly Lessons', l) +
      ' Its request: one index-only path from the student\'s active enrollment to the published weeks of its program\'s subjects, their items and the student\'s work (learning\'s my-lessons.handler.ts).',
  );
  out.push(
    tail('Submissions', sub) +
      ` Its request: the first page (${50} rows) of the pending tab and both tabs' counts, one statement: per subject an ordered index read that stops at the page size, and an index-only count (grading's teacher-submissions.handler.ts).`,
  );
  out.push(
    `- The machine's floor, same run, same generator: a server that answers a constant 15 KB without touching a database, at the API's ` +
      `Weekly Lessons half load (${fmt(l.api.max.rate / 2)} req/s), answered with p99 ${ms(large.floor.p99)} (p50 ${ms(large.floor.p50)}; ` +
      `${fmt(small.lessons.api.max.rate / 2)} req/s in the small run: p99 ${ms(small.floor.p99)}). On this virtual machine a sleeping core takes ` +
      'milliseconds to wake, and 2 cores are shared by three busy programs (the load generator, PostgreSQL with its backends, the ' +
      'server): p50 stays at a few milliseconds while p99 waits for a core. The goal was written for a server with cores of its own and ' +
      'the load generated elsewhere; what this machine can show is the ratio to the bare handler and to the floor.',
  );
  const gl = l.api.half.p99 / small.lessons.api.half.p99;
  const gs = sub.api.half.p99 / small.submissions.api.half.p99;
  out.push(
    `- Growth from ${fmt(small.seeded.events)} to ${fmt(large.seeded.events)} events: Weekly Lessons p99 ×${gl.toFixed(2)}, Submissions p99 ×${gs.toFixed(2)} (goal ≤ 1.2×). ` +
      'Neither path reads the log: they read the projections\' tables through indexes, a student\'s lessons and a teacher\'s page are the same size in both seeds (a cohort of the same size), so the log\'s size should not show. ' +
      `The bare handler, running the same statements on the same two databases, moved ×${(l.base.half.p99 / small.lessons.base.half.p99).toFixed(2)} and ×${(sub.base.half.p99 / small.submissions.base.half.p99).toFixed(2)} between the same runs` +
      (gl <= 1.2 && gs <= 1.2 ? '.' : ': a ratio above 1.2 that the baseline shares is this machine\'s noise, not growth.') +
      ` Throughput, less noisy: Weekly Lessons ${fmt(small.lessons.api.max.rate)} → ${fmt(l.api.max.rate)} req/s, Submissions ${fmt(small.submissions.api.max.rate)} → ${fmt(sub.api.max.rate)} req/s.`,
  );
  return out.join('\n');
}

const cpuLine = (r: Run) => (r.cpu ? `${r.cpu.server.toFixed(3)} ms in its process + ${r.cpu.postgres.toFixed(3)} ms in PostgreSQL` : 'not measured');

function report(large: SizeResult, small: SizeResult, pgVersion: string): string {
  const pctOf = (a: number, b: number) => Math.round((a / b) * 100);
  const met = (ok: boolean) => (ok ? 'met' : '**NOT met**');
  const row = (name: string, m: { api: Measured; base: Measured }) => {
    const ratio = pctOf(m.api.max.rate, m.base.max.rate);
    return `| ${name} | ${fmt(m.base.max.rate)} req/s (p99 ${ms(m.base.max.p99)}) | ${fmt(m.api.max.rate)} req/s (p99 ${ms(m.api.max.p99)}, ${fmt(m.api.max.n)} answers) | **${ratio} %** | ≥ 60 % | ${met(ratio >= 60)} |
| ${name}: p99 at half the API's maximum | ${ms(m.base.half.p99)} at ${fmt(m.base.max.rate / 2)} req/s | **${ms(m.api.half.p99)}** at ${fmt(m.api.max.rate / 2)} req/s (p50 ${ms(m.api.half.p50)}, ${fmt(m.api.half.n)} answers) | — | ≤ 25 ms | ${met(m.api.half.p99 <= 25)} |`;
  };
  const growth = (name: string, l: { api: Measured; base: Measured }, s: { api: Measured; base: Measured }) => {
    const x = l.api.half.p99 / s.api.half.p99;
    const b = l.base.half.p99 / s.base.half.p99;
    return `| ${name} | ${ms(s.api.half.p99)} at ${fmt(s.api.max.rate / 2)} req/s | ${ms(l.api.half.p99)} at ${fmt(l.api.max.rate / 2)} req/s | **${x.toFixed(2)}×** | ${b.toFixed(2)}× (${ms(s.base.half.p99)} → ${ms(l.base.half.p99)}) | ≤ 1.2× | ${met(x <= 1.2)} |`;
  };
  const seedLine = (r: SizeResult) =>
    `${fmt(r.seeded.students.length)} students in ${fmt(r.seeded.programs)} program${r.seeded.programs === 1 ? '' : 's'} of ${COHORT} (${fmt(r.seeded.subjects)} subjects, one teacher each): **${fmt(r.seeded.events)} events** (${r.seeded.sizeOfLog} with indexes), appended in ${r.seeded.seedSeconds.toFixed(0)} s; the identity, learning and grading projections replayed them from position 0 in **${r.seeded.replaySeconds.toFixed(0)} s** (${fmt(r.seeded.events / r.seeded.replaySeconds)} events/s, three runners side by side, ${fmt(DEFAULT_PROJECTION_BATCH_SIZE)} events per transaction as the worker's default; MikroORM writes, ADR 0018, set handlers and shared reads, ADR 0035) against an ordered scan of the same log just before, in the same run: ${fmt(r.seeded.events / r.seeded.scanSeconds)} events/s, so the replay runs at **${Math.round((r.seeded.scanSeconds / r.seeded.replaySeconds) * 100)} %** of the scan (goal ≥ 30 %: ${r.seeded.scanSeconds / r.seeded.replaySeconds >= 0.3 ? 'met' : '**NOT met**'})`;
  return `## Weekly Lessons and teacher Submissions under load

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`services/api/bench/learning.bench.ts\` on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}),
embedded PostgreSQL ${pgVersion} (fsync on, default settings), Node ${process.version}. The load generator, the server under test and
PostgreSQL share the machine, and it was shared with other work: 1-minute load average ${small.load[0].toFixed(1)} → ${small.load[1].toFixed(1)} during
the small size, ${large.load[0].toFixed(1)} → ${large.load[1].toFixed(1)} during the large one, on 2 cores. Compare the ratios, not the absolute figures.
${
  large.seeded.events < 900_000
    ? `\n**Smaller than the issue asks** (10,000 students, ≈ 1M events): this run used \`BENCH_STUDENTS=${large.seeded.students.length}\`, the largest that
fitted the time available on this machine at this load (seeding ${fmt(large.seeded.events / large.seeded.seedSeconds)} events/s, replay
${fmt(large.seeded.events / large.seeded.replaySeconds)} events/s; 1M events would take ≈ ${Math.round((1_000_000 / (large.seeded.events / large.seeded.seedSeconds) + 1_000_000 / (large.seeded.events / large.seeded.replaySeconds)) / 60)} min before the first request). The shape per student is the one
of the full size; \`BENCH_STUDENTS=10000 npm run bench -- lessons\` runs the full size.\n`
    : ''
}
**Seeds** (same shape, built from the contracts' event shapes, appended through the event store, many streams per call by its group append):
- large: ${seedLine(large)};
- small: ${seedLine(small)}.

Every program has ${SUBJECTS.length} subjects with weeks 1–${MAX_WEEK} published (5 tasks and a capstone each) and week ${MAX_WEEK + 1} in draft.
Each student is at a current week of 1–${MAX_WEEK}; each finished week has every task submitted and graded (one in ten needs a
revision and passes on a second attempt), one capstone passed (\`CapstonePassed\`, \`EnrollmentWeekAdvanced\`), one failed and one
waiting for review; in the current week some tasks are submitted, half of them graded. Check before loading: ${large.check}.

**Load**: ${CONNECTIONS} keep-alive connections (node:http) from the bench process. Maximum: closed loop (${CONNECTIONS} requests always
in flight) for ${SECONDS} s after ${WARMUP} s of warm-up. Half load: open loop at half the maximum of the same server, ${SECONDS} s after
${WARMUP} s of warm-up, latency counted from when each request was due. Each request picks a random student (Weekly Lessons) or
teacher (Submissions). **API**: the real one (\`services/api/src/main.ts\`, NODE_ENV=production, LOG_LEVEL=warn) in its own process,
bearer tokens minted as it verifies them (every request goes through passport's JWT strategy, which verifies a token the first time it sees it, and checks the session: in the database, or from memory once the family was seen live, ADR 0009). **Baseline**: \`learning-baseline.ts\`, a
bare \`node:http\` server in its own process with a \`pg\` pool of the API's size (${POOL_MAX}) running the readers' very statements (imported),
sent as the readers send them (named prepared statements), and answering the rows as JSON: no framework, no authentication, no mapping.

| at ${fmt(large.seeded.events)} events | baseline (same run) | API | ratio | goal | |
|---|---|---|---|---|---|
${row('GET /api/student/lessons (Weekly Lessons)', large.lessons)}
${row('GET /api/teacher/submissions (Submissions)', large.submissions)}

| API p99 at half load, ${fmt(small.seeded.events)} events vs ${fmt(large.seeded.events)} events | small | large | growth | the baseline's growth (same run, same SQL: the machine's noise) | goal | |
|---|---|---|---|---|---|---|
${growth('Weekly Lessons', large.lessons, small.lessons)}
${growth('Submissions', large.submissions, small.submissions)}

At ${fmt(small.seeded.events)} events: Weekly Lessons ${fmt(small.lessons.api.max.rate)} req/s vs baseline ${fmt(small.lessons.base.max.rate)} (${pctOf(small.lessons.api.max.rate, small.lessons.base.max.rate)} %);
Submissions ${fmt(small.submissions.api.max.rate)} req/s vs baseline ${fmt(small.submissions.base.max.rate)} (${pctOf(small.submissions.api.max.rate, small.submissions.base.max.rate)} %).
Answer sizes (large): Weekly Lessons ${fmt(large.lessons.api.max.bytes)} B from the API, ${fmt(large.lessons.base.max.bytes)} B from the baseline; Submissions ${fmt(large.submissions.api.max.bytes)} B and ${fmt(large.submissions.base.max.bytes)} B.
CPU per answer at the maximum (user + system time over the closed loop, warm-up included; steadier than req/s on a shared machine):
${[['Weekly Lessons', large.lessons] as const, ['Submissions', large.submissions] as const]
  .map(([name, m]) => `${name}: API ${cpuLine(m.api.max)}, baseline ${cpuLine(m.base.max)}; the API process spends ×${m.api.max.cpu && m.base.max.cpu ? (m.api.max.cpu.server / m.base.max.cpu.server).toFixed(1) : '?'} the baseline's CPU per answer`)
  .join('; ')}.
Errors (non-200 or failed requests) during the large runs: ${[large.lessons, large.submissions].flatMap((m) => [m.api.max.errors, m.api.half.errors, m.base.max.errors, m.base.half.errors]).reduce((a, b) => a + b, 0)}.

${reading(large, small)}

Reproduce alone: \`npm run bench -- lessons\` (\`BENCH_STUDENTS\`, \`BENCH_SMALL_STUDENTS\`, \`BENCH_COHORT\`, \`BENCH_SECONDS\`,
\`BENCH_WARMUP_SECONDS\`, \`BENCH_CONNECTIONS\`).`;
}

main().catch((e: unknown) => {
  console.error('bench lessons failed:', e);
  process.exit(1);
});
