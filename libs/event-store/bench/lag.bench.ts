// Projection lag at half the maximum append rate (goal p99 ≤ 250 ms): how long after an append has
// been answered its position is committed in the projection's checkpoint, i.e. how long a
// read-your-writes wait (ADR 0005) takes.
//
//   cd /work/main && npm exec -- node --import ./scripts/ts.mjs libs/event-store/bench/lag.bench.ts
//
// BENCH_WRITERS (closed-loop writers for the maximum rate, default 8), BENCH_MAX_SECONDS (default 5),
// BENCH_LAG_SECONDS (default 20).
import { startPostgres } from '@academy/devstack';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgresEventStore } from '../src/postgres/postgres-event-store.js';
import { demoEvent, demoProjection } from '../src/projections/demo-fixture.test.js';
import { ProjectionRunner } from '../src/projections/runner.js';
import { writeSection } from '@academy/devstack/bench-doc';

const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 5);
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 20);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-lag-'));
  chmodSync(dir, 0o755);
  const server = await startPostgres({ dataDir: path.join(dir, 'pg') });
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const url = await server.createDatabase('bench_lag');
    const pool = new pg.Pool({ connectionString: url, max: WRITERS + 6 });
    pool.on('error', () => {});
    const { rows: v } = await pool.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const store = new PostgresEventStore({ pool, masterKey: Buffer.alloc(32, 9) });
    await store.migrate();
    const runner = new ProjectionRunner({ store, pool, projection: demoProjection({ style: 'handlers' }), batchSize: 500 }).start();

    // 1. The maximum append rate: single-event appends from closed-loop writers (runner running).
    let i = 0;
    let t0 = Date.now();
    const until = t0 + MAX_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (Date.now() < until) await store.append(`account-${i % 37}`, [demoEvent(i++)], 'any');
      }),
    );
    const maxRate = i / ((Date.now() - t0) / 1000);
    while (runner.position < (await store.headPosition())) await new Promise((r) => setTimeout(r, 20));
    console.log(`maximum append rate ${fmt(maxRate)} events/s (${WRITERS} writers)`);

    // 2. Open loop at half that rate; the lag of each append = checkpoint commit seen − append answered.
    const rate = maxRate / 2;
    const answered = new Map<number, { called: number; answered: number }>();
    const lags: number[] = [];
    const fromCall: number[] = [];
    let seen = 0;
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const settle = (upTo: number, at: number) => {
      for (const [p, t] of answered) {
        if (p <= upTo) {
          lags.push(Math.max(0, at - t.answered));
          fromCall.push(at - t.called);
          answered.delete(p);
        }
      }
    };
    listener.on('notification', (m) => {
      const n = JSON.parse(m.payload!) as { position: number };
      seen = Math.max(seen, n.position);
      settle(seen, performance.now());
    });
    await listener.query(`LISTEN projections_checkpoint`);

    const inflight: Promise<void>[] = [];
    let sent = 0;
    t0 = performance.now();
    const end = t0 + LAG_SECONDS * 1000;
    let errors = 0;
    while (performance.now() < end) {
      const due = Math.floor(((performance.now() - t0) / 1000) * rate);
      for (; sent < due; sent++) {
        const called = performance.now();
        inflight.push(
          store.append(`account-${sent % 37}`, [demoEvent(i++)], 'any').then(
            (r) => {
              const t = { called, answered: performance.now() };
              answered.set(r.lastPosition, t);
              if (r.lastPosition <= seen) settle(seen, t.answered); // visible before the writer got its answer
            },
            () => void errors++,
          ),
        );
      }
      if (inflight.length > 1000) await Promise.all(inflight.splice(0));
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(inflight);
    const actualRate = sent / LAG_SECONDS;
    const head = await store.headPosition();
    while (seen < head) await new Promise((r) => setTimeout(r, 20));
    await listener.end();
    await runner.stop();
    await store.close();
    await pool.end();

    lags.sort((a, b) => a - b);
    fromCall.sort((a, b) => a - b);
    const p50 = pct(lags, 50);
    const p99 = pct(lags, 99);
    const body = `## Projection lag at half the maximum append rate

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), embedded
PostgreSQL ${v[0].v} over TCP (fsync on), Node ${process.version}; appender, runner and listener in one process.

1. Maximum append rate: ${WRITERS} closed-loop writers appending single demo events for ${MAX_SECONDS} s, the runner following:
   **${fmt(maxRate)} events/s**.
2. Open loop at half of it (target ${fmt(rate)}, achieved ${fmt(actualRate)} events/s) for ${LAG_SECONDS} s, ${fmt(lags.length)} appends,
   ${errors} failed; the runner applies one statement per event (\`handlers\` style), batches of ≤ 500.
   Lag of an append = when a LISTENer on the checkpoint channel learns that the projection's checkpoint
   covers its position − when the append was answered (0 when it was covered first).

| metric | p50 | p90 | p99 | max | goal | |
|---|---|---|---|---|---|---|
| lag after the append was answered | ${p50.toFixed(1)} ms | ${pct(lags, 90).toFixed(1)} ms | **${p99.toFixed(1)} ms** | ${lags[lags.length - 1].toFixed(1)} ms | p99 ≤ 250 ms | ${p99 <= 250 ? 'met' : 'NOT met'} |
| from the append call (append latency + lag) | ${pct(fromCall, 50).toFixed(1)} ms | ${pct(fromCall, 90).toFixed(1)} ms | ${pct(fromCall, 99).toFixed(1)} ms | ${fromCall[fromCall.length - 1].toFixed(1)} ms | — | for information |

Reproduce alone: \`npm exec -- node --import ./scripts/ts.mjs libs/event-store/bench/lag.bench.ts\`
(\`BENCH_WRITERS\`, \`BENCH_MAX_SECONDS\`, \`BENCH_LAG_SECONDS\`).`;
    console.log(`\nmax ${fmt(maxRate)}/s, at ${fmt(actualRate)}/s: lag p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms\n`);
    writeSection('lag', body);
  } finally {
    await stop();
  }
}

await main();
