// EXPERIMENT for issue 15's replay goal (not a product benchmark; nothing here is used by the application).
// Question: how fast can ANY replay of these read models go on this machine, whatever the framework? The
// goal is the real identity, learning and grading projections replaying the lessons seed at ≥ 30 % of an
// ordered scan of the log. This measures, in turns so the machine's noise falls on all alike, per event:
//   scan         the bench's baseline: ordered keyset reads of the whole log, 1000 rows a query, pg parsing them
//   rows         the store's own reads (its columns, 2000 rows a query, the next one in flight), not decoded
//   read+open    the store's own reads (2000 rows a query, as the worker's runners) and decoding them:
//                personal parts decrypted (learning and grading both show notes and feedback)
//   floor        read+open, and then ONLY the writes the two big read models cannot do without: each
//                WorkSubmitted a row of grading's `submissions` and of learning's `work`, its grade folded in
//                when it comes in the same batch (else one UPDATE … FROM unnest per table and batch), with
//                today's statements, tables and indexes (copied with LIKE … INCLUDING ALL), the two tables'
//                transactions side by side on two connections while the next batch is read and decrypted.
//                No identity, no catalog, people or enrollment replicas, no checkpoints, no planning beyond
//                a Map: a lower bound for what the real projections do.
//   replay       the real identity, learning and grading projections from position 0 (startProjections,
//                the worker's batch size), as the lessons bench measures it
// What the results mean: ADR 0035, "Consequences"; the figures: docs/benchmarks.md, "ADR 0035: replay throughput".
//   BENCH_STUDENTS=1000 ROUNDS=3 node_modules/node/bin/node --import ./scripts/ts.mjs services/api/bench/replay-floor.experiment.ts
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '@academy/devstack';
import { PostgresEventStore, startProjections, type StoredEvent } from '@academy/event-store';
import { GRADING_EVENTS, SubmissionGradedV1, WorkSubmittedV1 } from '@academy/contracts';
import { identityProjections } from '@academy/identity';
import { learningProjections } from '@academy/learning';
import { gradingProjections } from '@academy/grading';
import { DEFAULT_PROJECTION_BATCH_SIZE } from '@academy/backend';
import { MASTER_KEY, seed } from './learning-seed.js';

const now = () => performance.now();
const BATCH = DEFAULT_PROJECTION_BATCH_SIZE;

async function scan(pool: pg.Pool): Promise<number> {
  let n = 0;
  for (let position = 0; ; ) {
    const { rows } = await pool.query<{ position: string }>(
      `SELECT position, stream_id, stream_version, event_id, type, schema_version, data, personal, metadata, recorded_at, prev_hash, hash
         FROM event_store.events WHERE position > $1 ORDER BY position LIMIT 1000`,
      [position],
    );
    if (!rows.length) return n;
    n += rows.length;
    position = Number(rows[rows.length - 1].position);
  }
}

/** The store's own reads of the runners' batches (its columns, 2000 rows, the next read in flight), NOT decoded. */
async function rowsAlone(pool: pg.Pool): Promise<number> {
  const read = (from: number) =>
    pool.query<{ position: string }>(
      `SELECT position, stream_id, stream_version, event_id::text AS event_id, type, schema_version, data, personal, metadata,
         to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at, prev_hash, hash
         FROM event_store.events WHERE position > $1 ORDER BY position LIMIT $2`,
      [from, BATCH],
    );
  let n = 0;
  let next = read(0);
  for (;;) {
    const { rows } = await next;
    if (!rows.length) return n;
    n += rows.length;
    next = read(Number(rows[rows.length - 1].position));
  }
}

/** Reads and decodes the log in the runners' batches, the next read always in flight; `each` gets every batch. */
async function readOpen(store: PostgresEventStore, each: (events: StoredEvent[]) => Promise<void>): Promise<number> {
  let n = 0;
  let next = store.readAll(0, BATCH);
  for (;;) {
    const events = await next;
    if (!events.length) return n;
    n += events.length;
    next = store.readAll(events[events.length - 1].position, BATCH);
    await each(events);
  }
}

interface Sub {
  id: string; streamId: string; studentId: string; kind: string; itemId: string; weekId: string; subjectId: string;
  githubUrl: string; notes: string; submittedAt: string; dueAt: string | null; late: boolean; attempt: number; version: number;
  status: string | null; score: number | null; feedback: string | null; teacherId: string | null; gradedAt: string | null;
}

async function tx(client: pg.PoolClient, statements: [string, unknown[]][]): Promise<void> {
  await client.query('BEGIN');
  for (const [text, values] of statements) await client.query(text, values);
  await client.query('COMMIT');
}

/** The floor: see the header. */
async function floor(store: PostgresEventStore, pool: pg.Pool): Promise<number> {
  await pool.query('TRUNCATE floor.submissions, floor.work');
  const g = await pool.connect();
  const l = await pool.connect();
  let writing: Promise<unknown> = Promise.resolve();
  try {
    const n = await readOpen(store, async (events) => {
      const subs = new Map<string, Sub>();
      const late: { id: string; studentId: string; itemId: string; status: string; score: number | null; feedback: string; teacherId: string; gradedAt: string }[] = [];
      for (const e of events) {
        if (e.type === GRADING_EVENTS.WorkSubmitted) {
          const d = WorkSubmittedV1.parse(e);
          subs.set(d.submissionId, {
            id: d.submissionId, streamId: e.streamId, studentId: d.studentId, kind: d.kind, itemId: d.itemId, weekId: d.weekId, subjectId: d.subjectId,
            githubUrl: d.githubUrl, notes: WorkSubmittedV1.personal(e)?.notes ?? '', submittedAt: e.metadata.occurredAt, dueAt: d.dueAt, late: d.late,
            attempt: d.attempt, version: e.streamVersion, status: null, score: null, feedback: null, teacherId: null, gradedAt: null,
          });
        } else if (e.type === GRADING_EVENTS.SubmissionGraded) {
          const d = SubmissionGradedV1.parse(e);
          const feedback = SubmissionGradedV1.personal(e)?.feedback ?? '';
          const s = subs.get(d.submissionId);
          if (s) Object.assign(s, { status: d.status, score: d.score, feedback, teacherId: d.teacherId, gradedAt: e.metadata.occurredAt, version: e.streamVersion });
          else late.push({ id: d.submissionId, studentId: d.studentId, itemId: d.itemId, status: d.status, score: d.score, feedback, teacherId: d.teacherId, gradedAt: e.metadata.occurredAt });
        }
      }
      const r = [...subs.values()];
      const col = <T>(f: (x: Sub) => T) => r.map(f);
      const gradingStatements: [string, unknown[]][] = [];
      const learningStatements: [string, unknown[]][] = [];
      if (r.length) {
        gradingStatements.push([
          `INSERT INTO floor.submissions (id, stream_id, student_id, kind, item_id, week_id, subject_id, github_url, notes, submitted_at, due_at, late, attempt, latest,
             status, score, feedback, teacher_id, graded_at, version)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::uuid[], $6::uuid[], $7::uuid[], $8::text[], $9::text[], $10::timestamptz[],
             $11::timestamptz[], $12::bool[], $13::int[], $14::bool[], $15::text[], $16::numeric[], $17::text[], $18::uuid[], $19::timestamptz[], $20::int[])
           ON CONFLICT (id) DO NOTHING`,
          [col((x) => x.id), col((x) => x.streamId), col((x) => x.studentId), col((x) => x.kind), col((x) => x.itemId), col((x) => x.weekId), col((x) => x.subjectId),
            col((x) => x.githubUrl), col((x) => x.notes), col((x) => x.submittedAt), col((x) => x.dueAt), col((x) => x.late), col((x) => x.attempt), col(() => true),
            col((x) => x.status), col((x) => x.score), col((x) => x.feedback), col((x) => x.teacherId), col((x) => x.gradedAt), col((x) => x.version)],
        ]);
        learningStatements.push([
          `INSERT INTO floor.work (student_id, item_id, submission_id, github_url, notes, submitted_at, late, attempt, grade_status, score, feedback)
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[], $7::bool[], $8::int[], $9::text[], $10::numeric[], $11::text[])
           ON CONFLICT (student_id, item_id) DO UPDATE SET submission_id = excluded.submission_id, attempt = excluded.attempt, grade_status = excluded.grade_status,
             score = excluded.score, feedback = excluded.feedback`,
          // One row per (student, item) in a statement (ON CONFLICT DO UPDATE may not touch a row twice): the batch's last attempt.
          ((rows) => [rows.map((x) => x.studentId), rows.map((x) => x.itemId), rows.map((x) => x.id), rows.map((x) => x.githubUrl), rows.map((x) => x.notes),
            rows.map((x) => x.submittedAt), rows.map((x) => x.late), rows.map((x) => x.attempt), rows.map((x) => x.status), rows.map((x) => x.score), rows.map((x) => x.feedback)])(
            [...new Map(r.map((x) => [`${x.studentId}:${x.itemId}`, x])).values()],
          ),
        ]);
      }
      if (late.length) {
        gradingStatements.push([
          `UPDATE floor.submissions AS s SET status = v.status, score = v.score, feedback = v.feedback, teacher_id = v.teacher_id, graded_at = v.graded_at
             FROM unnest($1::uuid[], $2::text[], $3::numeric[], $4::text[], $5::uuid[], $6::timestamptz[]) AS v(id, status, score, feedback, teacher_id, graded_at) WHERE s.id = v.id`,
          [late.map((x) => x.id), late.map((x) => x.status), late.map((x) => x.score), late.map((x) => x.feedback), late.map((x) => x.teacherId), late.map((x) => x.gradedAt)],
        ]);
        learningStatements.push([
          `UPDATE floor.work AS w SET grade_status = v.status, score = v.score, feedback = v.feedback
             FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::numeric[], $6::text[]) AS v(student_id, item_id, submission_id, status, score, feedback)
            WHERE w.student_id = v.student_id AND w.item_id = v.item_id AND w.submission_id = v.submission_id`,
          [late.map((x) => x.studentId), late.map((x) => x.itemId), late.map((x) => x.id), late.map((x) => x.status), late.map((x) => x.score), late.map((x) => x.feedback)],
        ]);
      }
      // The previous batch's writes must be done before this one's (order), but not before this one was read and folded.
      await writing;
      writing = Promise.all([tx(g, gradingStatements), tx(l, learningStatements)]);
    });
    await writing;
    return n;
  } finally {
    g.release();
    l.release();
  }
}

async function replay(store: PostgresEventStore, pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ nspname: string }>(
    `SELECT nspname FROM pg_namespace WHERE nspname NOT IN ('public', 'event_store', 'floor', 'projections', 'information_schema') AND nspname NOT LIKE 'pg\\_%'`,
  );
  for (const r of rows) await pool.query(`DROP SCHEMA IF EXISTS "${r.nspname}" CASCADE`);
  // The control schema stays (the store's pool made it once): its rows go, so every projection starts from 0.
  await pool.query(`DO $$ BEGIN IF to_regclass('projections.checkpoints') IS NOT NULL THEN DELETE FROM projections.checkpoints; END IF; END $$`);
  const head = await store.headPosition();
  const running = startProjections([...identityProjections, ...learningProjections, ...gradingProjections], { store, pool, batchSize: BATCH, onError: (e) => console.error(e) });
  while (running.runners.some((r) => r.position < head)) await new Promise((r) => setTimeout(r, 20));
  await running.stop();
  return head;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exp-floor-'));
  chmodSync(dir, 0o755);
  const server = await startPostgres({ dataDir: path.join(dir, 'pg') });
  try {
    const url = await server.createDatabase('exp');
    const seeded = await seed(url, Number(process.env.BENCH_STUDENTS ?? 300), { replay: false });
    console.log(`${seeded.events} events, ${seeded.sizeOfLog}`);
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    pool.on('error', () => {});
    const store = new PostgresEventStore({ pool, masterKey: MASTER_KEY });
    // The real tables (made by a first replay, not timed), copied with their indexes and generated column.
    await replay(store, pool);
    const { rows: live } = await pool.query<{ g: string; l: string }>(
      `SELECT (SELECT schema_name FROM projections.checkpoints WHERE name = 'grading' AND status = 'live') AS g,
              (SELECT schema_name FROM projections.checkpoints WHERE name = 'learning' AND status = 'live') AS l`,
    );
    await pool.query(`CREATE SCHEMA floor`);
    await pool.query(`CREATE TABLE floor.submissions (LIKE "${live[0].g}".submissions INCLUDING ALL)`);
    await pool.query(`CREATE TABLE floor.work (LIKE "${live[0].l}".work INCLUDING ALL)`);
    const results = new Map<string, number[]>();
    const add = (k: string, v: number) => results.set(k, [...(results.get(k) ?? []), v]);
    for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
      const timed = async (f: () => Promise<number>) => {
        const t0 = now();
        const n = await f();
        if (n !== seeded.events) throw new Error(`read ${n} of ${seeded.events}`);
        return ((now() - t0) * 1000) / n;
      };
      const s = await timed(() => scan(pool));
      const w = await timed(() => rowsAlone(pool));
      const o = await timed(() => readOpen(store, async () => {}));
      const f = await timed(() => floor(store, pool));
      const r = await timed(() => replay(store, pool));
      const { rows: same } = await pool.query<{ a: string; b: string }>(
        `SELECT (SELECT count(*) FROM floor.submissions) AS a, (SELECT count(*) FROM "${live[0].g}".submissions) AS b`,
      );
      if (same[0].a !== same[0].b) throw new Error(`floor wrote ${same[0].a} submissions, the projection ${same[0].b}`);
      add('rows', s / w);
      add('read+open', s / o);
      add('floor', s / f);
      add('replay', s / r);
      console.log(
        `round ${round}: scan ${s.toFixed(2)} µs/event; rows ${w.toFixed(2)} (${Math.round((s / w) * 100)} %); read+open ${o.toFixed(2)} (${Math.round((s / o) * 100)} %); floor ${f.toFixed(2)} (${Math.round((s / f) * 100)} %); replay ${r.toFixed(2)} (${Math.round((s / r) * 100)} %)  load ${os.loadavg()[0].toFixed(1)}`,
      );
    }
    for (const [k, v] of results) console.log(`${k}: median ${Math.round([...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] * 100)} % of the scan, all ${v.map((x) => Math.round(x * 100)).join(' ')}`);
    await store.close();
    await pool.end();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
