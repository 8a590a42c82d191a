// Issue 14: the command pipeline and the CQRS bus under 16 concurrent clients, against a bare read
// of the stream + append of the same events in the same process, in the same run.
//
//   npm run bench -- commands
//
// BENCH_CLIENTS (16), BENCH_OPS (commands per client per measurement, 60), BENCH_ROUNDS (3; bare and
// bus alternate, the median round is reported).
//
// The academy is the real one composed in-process (services/api/test/modules-harness.ts: every
// context module, the projections and reactors running as the worker runs them) on an embedded
// PostgreSQL and a local Redis. Two commands:
// - Create Week (teacher): the bus path authorizes on learning's read model (ReadModelGate), loads the
//   week stream, decides and appends through the pipeline. The bare path reads a new stream and
//   appends the same WeekCreated event to it.
// - Grade Submission (teacher): the bus path checks the teacher's subject on grading's read model,
//   loads the work stream, decides (a re-grade) and appends. The bare path appends the same
//   SubmissionGraded event (with its encrypted feedback) to a stream of the same length.
// The commands are sent the way a controller sends them (`CommandBus.execute`), so what is measured
// is everything a command costs except HTTP and the read-your-writes wait of the answer (ADR 0005):
// that wait is the projection's, measured by `npm run bench -- lag`.
import { enrollmentResponseSchema, lessonsResponseSchema, programResponseSchema, subjectResponseSchema, submissionResponseSchema, teacherAssignmentResponseSchema, weekResponseSchema } from '@academy/contracts';
import { bodyOf, startGitServer, type TestGitServer } from '@academy/testing';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { startPostgres, startRedis } from '@academy/devstack';
import { writeSection } from '@academy/devstack/bench-doc';
import type { CommandContext } from '@academy/backend';
import type { EventMetadata, EventStore, StoredEvent } from '@academy/event-store';
import { CreateWeek } from '@academy/learning';
import { GradeSubmission } from '@academy/grading';
import { startHarness, type Harness } from '../test/modules-harness.js';
import { benchRepository, pinningEnv, refDiscoveryOp, setUpSubmits, submitOp } from './submit-pinning.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const OPS = Number(process.env.BENCH_OPS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WEEKS_PER_SUBJECT = 20;

interface Measured {
  rate: number;
  p50: number;
  p95: number;
  p99: number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (a: number, b: number) => `${Math.round((a / b) * 100)} %`;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const median = <T>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)];

/** `CLIENTS` concurrent loops of `OPS` operations each; op(client, i) runs one command. */
async function measure(op: (client: number, i: number) => Promise<unknown>): Promise<Measured> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < OPS; i++) {
        const s = performance.now();
        await op(client, i);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { rate: latencies.length / seconds, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), p99: quantile(latencies, 0.99) };
}

/** The baseline: what any command costs at least (read the stream, append the event guarded by its version), and nothing else. */
async function bareAppend(store: EventStore, streamId: string, template: StoredEvent, metadata: EventMetadata): Promise<void> {
  const version = (await store.readStream(streamId)).at(-1)?.streamVersion ?? 0;
  await store.append(streamId, [{ type: template.type, data: template.data, ...(template.personal ? { personal: template.personal } : {}), metadata }], version);
}

function metadata(actorId: string, role: string): EventMetadata {
  return { actorId, actorRole: role, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
}

interface Setup {
  h: Harness;
  bus: CommandBus;
  teacher: { userId: string };
  /** Per round, per client: subjects the teacher is assigned to, each with 20 free week numbers. */
  subjects: string[][][];
  /** Per client: one submission of its own student, re-graded on every grade command. */
  submissions: string[];
  weekTemplate: StoredEvent;
  gradeTemplate: StoredEvent;
}

async function setUp(h: Harness): Promise<Setup> {
  const admin = h.admin.token;
  const ok = async <S extends z.ZodType>(method: string, p: string, schema: S, token: string, body: unknown) => {
    const res = await h.call(method, p, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
    return bodyOf(res, schema);
  };
  const teacher = await h.account('teacher', 'Bench Teacher');
  const program = (await ok('POST', '/programs', programResponseSchema, admin, { name: 'Bench Programme', type: 'evening' })).program;
  const perClient = Math.ceil(OPS / WEEKS_PER_SUBJECT);
  const subjects: string[][][] = [];
  let n = 0;
  for (let r = 0; r < ROUNDS + 1; r++) {
    const round: string[][] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const mine: string[] = [];
      for (let k = 0; k < perClient; k++) {
        const subject = (await ok('POST', '/subjects', subjectResponseSchema, admin, { name: `Subject ${++n}`, programId: program.id })).subject;
        await ok('POST', '/teacher-assignments', teacherAssignmentResponseSchema, admin, { teacherId: teacher.userId, subjectId: subject.id });
        mine.push(subject.id);
      }
      round.push(mine);
    }
    subjects.push(round);
  }
  // One published week with a task in the first subject; each client's student submits it once.
  const gradedSubject = subjects[ROUNDS][0][0];
  const week = (await ok('POST', '/weeks', weekResponseSchema, teacher.token, { subjectId: gradedSubject, weekNumber: 1, title: 'Graded week' })).week;
  await ok('POST', `/weeks/${week.id}/tasks`, weekResponseSchema, teacher.token, { dayNumber: 1, title: 'Task 1' });
  await ok('PUT', `/weeks/${week.id}/published`, weekResponseSchema, teacher.token, { published: true });
  // At the log's head: the enrollment just activated must be in learning's read model (a GET waits only when asked).
  const lessons = async (token: string) => bodyOf(await h.call('GET', '/student/lessons', { token, minPosition: await h.head() }), lessonsResponseSchema);
  const submissions: string[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const student = await h.account('student', `Bench Student ${c + 1}`);
    const e = (await ok('POST', '/enrollments', enrollmentResponseSchema, admin, { studentId: student.userId, programId: program.id, subjectId: gradedSubject })).enrollment;
    await ok('PUT', `/enrollments/${e.id}/status`, enrollmentResponseSchema, admin, { status: 'active' });
    const itemId = (await lessons(student.token)).weeks[0].tasks[0].id;
    const submitted = await ok('POST', '/student/submissions', submissionResponseSchema, student.token, { kind: 'task', itemId, githubUrl: 'https://github.com/bench/work', notes: '' });
    submissions.push(submitted.submission.id);
  }
  await ok('POST', `/submissions/${submissions[0]}/grade`, submissionResponseSchema, teacher.token, { score: 70, status: 'passed', feedback: 'Clear and well tested.' });
  await h.projectionsCaughtUp(60_000);
  const find = async (type: string) => {
    for (let from = 0; ; ) {
      const batch = await h.store.readAll(from, 1000);
      if (!batch.length) throw new Error(`no ${type} event`);
      const hit = batch.find((e) => e.type === type);
      if (hit) return hit;
      from = batch.at(-1)!.position;
    }
  };
  return { h, bus: h.app.get(CommandBus), teacher, subjects, submissions, weekTemplate: await find('WeekCreated'), gradeTemplate: await find('SubmissionGraded') };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-commands-'));
  chmodSync(dir, 0o755);
  const server = await startPostgres({ dataDir: path.join(dir, 'pg') });
  const redis = await startRedis({ dataDir: path.join(dir, 'redis') });
  process.env.TEST_DATABASE_URL = server.url;
  process.env.TEST_REDIS_URL = redis.url;
  let h: Harness | undefined;
  let git: TestGitServer | undefined;
  try {
    git = await startGitServer();
    await benchRepository(git);
    h = await startHarness('bench_commands', { env: pinningEnv(git) });
    const s = await setUp(h);
    const submits = await setUpSubmits(h, { clients: CLIENTS, ops: OPS, rounds: ROUNDS });
    const teacher: CommandContext = { principal: { userId: s.teacher.userId, role: 'teacher' }, metadata: metadata(s.teacher.userId, 'teacher') };
    const caller = (): CommandContext => ({ ...teacher, metadata: metadata(s.teacher.userId, 'teacher') });
    const scores = [55, 60, 65, 70, 75, 80, 85, 90];

    // One stream per client for the whole run, like the bus path's work streams: both grow by OPS a round,
    // so both read (and decrypt) streams of the same length.
    const gradeStreams = Array.from({ length: CLIENTS }, () => `work-bench-${randomUUID()}`);
    const rounds: { week: { bare: Measured; bus: Measured }; grade: { bare: Measured; bus: Measured }; submit: { bare: Measured; bus: Measured } }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const weekBare = await measure(() => bareAppend(s.h.store, `week-${randomUUID()}`, s.weekTemplate, metadata(s.teacher.userId, 'teacher')));
      const weekBus = await measure((client, i) =>
        s.bus.execute(new CreateWeek(caller(), { subjectId: s.subjects[r][client][Math.floor(i / WEEKS_PER_SUBJECT)], weekNumber: (i % WEEKS_PER_SUBJECT) + 1, title: `Week ${i + 1}`, objectives: '' })),
      );
      const gradeBare = await measure((client) => bareAppend(s.h.store, gradeStreams[client], s.gradeTemplate, metadata(s.teacher.userId, 'teacher')));
      const gradeBus = await measure((client, i) =>
        s.bus.execute(new GradeSubmission(caller(), s.submissions[client], { score: scores[(i + r) % scores.length], status: 'passed', feedback: `Round ${r + 1}, grade ${i + 1}.` })),
      );
      // Submit Work: "bus" is the submit that pins its commit, "bare" the same submit whose host is down (no read).
      const submitDown = await measure(submitOp(s.bus, submits, r, 1));
      const submitPinned = await measure(submitOp(s.bus, submits, r, 0));
      rounds.push({ week: { bare: weekBare, bus: weekBus }, grade: { bare: gradeBare, bus: gradeBus }, submit: { bare: submitDown, bus: submitPinned } });
      console.log(`round ${r + 1}: create-week ${fmt(weekBus.rate)}/s vs bare ${fmt(weekBare.rate)}/s; grade ${fmt(gradeBus.rate)}/s vs bare ${fmt(gradeBare.rate)}/s; submit pinned p50/p95 ${ms(submitPinned.p50)}/${ms(submitPinned.p95)} vs ${ms(submitDown.p50)}/${ms(submitDown.p95)}`);
    }
    const pick = (kind: 'week' | 'grade') => median(rounds, (x) => x[kind].bus.rate / x[kind].bare.rate)[kind];
    const week = pick('week');
    const grade = pick('grade');
    const submit = median(rounds, (x) => x.submit.bus.p95 / x.submit.bare.p95).submit;
    const discovery = await measure(refDiscoveryOp(git));
    const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    const row = (name: string, m: { bare: Measured; bus: Measured }) =>
      `| ${name} | ${fmt(m.bus.rate)} /s | ${fmt(m.bare.rate)} /s | **${pct(m.bus.rate, m.bare.rate)}** | ${ms(m.bus.p50)} / ${ms(m.bus.p99)} | ${ms(m.bare.p50)} / ${ms(m.bare.p99)} |`;
    writeSection(
      'commands',
      `## Commands through the CQRS bus and the pipeline (issue 14)

\`npm run bench -- commands\` (${CLIENTS} concurrent clients × ${OPS} commands per measurement, ${ROUNDS} rounds alternating; the median round by ratio).
Each command is sent as a controller sends it (\`CommandBus.execute\`) on the academy composed in-process with its projections
running; the baseline is a bare read of the stream + append of the same events, in the same process, same run, same database.
Goal: ≥ 70 % of the baseline's throughput.

| command | bus + pipeline | bare read + append | ratio | bus p50 / p99 | bare p50 / p99 |
|---|---|---|---|---|---|
${row('Create Week', week)}
${row('Grade Submission (re-grade)', grade)}

What the bus path adds per command: the CommandBus dispatch, the authorization check on the context's read model
(ReadModelGate: no wait for the log head, ADR 0015), and the pipeline's bookkeeping; the append itself is the same
grouped append (ADR 0002). Ratios of each round, Create Week: ${rounds.map((x) => pct(x.week.bus.rate, x.week.bare.rate)).join(', ')};
Grade Submission: ${rounds.map((x) => pct(x.grade.bus.rate, x.grade.bare.rate)).join(', ')}. Grade throughput falls from round to round on both paths
alike: every client re-grades one submission, so its work stream grows by ${OPS} events a round, and a command reads (and
decrypts the feedback of) the whole stream; a real submission is graded a handful of times. Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (load ${os.loadavg()[0].toFixed(1)} at the end).

### Submit Work with its commit pinned (issue 30 §1, ADR 0039)

The same clients, each submitting a fresh (student, item) through the bus (the command's own read-model wait for the
submission included): with the repository's default branch read from a local \`git http-backend\` (github.com routed to it,
one ref discovery per submit), against the same submit whose host refuses the connection at once (the pin left pending,
nothing read). Goal: p50 and p95 within 1.3× of the submit without pinning. The median round by p95 ratio:

| submit | rate | p50 | p95 | p99 |
|---|---|---|---|---|
| pinned (reads the commit) | ${fmt(submit.bus.rate)} /s | ${ms(submit.bus.p50)} | ${ms(submit.bus.p95)} | ${ms(submit.bus.p99)} |
| host down (no read) | ${fmt(submit.bare.rate)} /s | ${ms(submit.bare.p50)} | ${ms(submit.bare.p95)} | ${ms(submit.bare.p99)} |
| ratio | | **${times(submit.bus.p50, submit.bare.p50)}** | **${times(submit.bus.p95, submit.bare.p95)}** | ${times(submit.bus.p99, submit.bare.p99)} |
| the ref discovery alone (the git host's share) | ${fmt(discovery.rate)} /s | ${ms(discovery.p50)} | ${ms(discovery.p95)} | ${ms(discovery.p99)} |

p50 / p95 ratios of each round: ${rounds.map((x) => `${times(x.submit.bus.p50, x.submit.bare.p50)} / ${times(x.submit.bus.p95, x.submit.bare.p95)}`).join(', ')}. The git host here is a CGI
(\`git http-backend\`, a process per request) on the same ${os.cpus().length} cores as the API, Postgres and the clients: its cost lands on
the API's cores, which a real git host's does not; its network round trip does not, which a real one's does.`,
    );
  } finally {
    await h?.stop().catch(() => {});
    await git?.close().catch(() => {});
    await Promise.all([server.stop(), redis.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
