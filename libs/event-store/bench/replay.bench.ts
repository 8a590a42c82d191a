// Replay of N events into a read model by the projection runner, against an ordered SELECT scan of
// the same log in the same run (goal ≥ 30 %).
//
//   cd /work/main && npm exec -- node --import ./scripts/ts.mjs libs/event-store/bench/replay.bench.ts
//
// BENCH_EVENTS (default 1,000,000), BENCH_BATCH (events per read and per transaction, default 2000),
// BENCH_ROUNDS (default 3: scan and replay alternate, medians reported).
import { startPostgres } from '@academy/devstack';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgresEventStore } from '../src/postgres/postgres-event-store.js';
import { demoProjection, seed } from '../src/projections/demo-fixture.test.js';
import { ProjectionRunner } from '../src/projections/runner.js';
import { writeSection } from '@academy/devstack/bench-doc';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-replay-'));
  chmodSync(dir, 0o755);
  const server = await startPostgres({ dataDir: path.join(dir, 'pg') });
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const url = await server.createDatabase('bench_replay');
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    pool.on('error', () => {});
    const { rows: v } = await pool.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const store = new PostgresEventStore({ pool, masterKey: Buffer.alloc(32, 9) });
    await store.migrate();

    let t0 = Date.now();
    for (let i = 0; i < EVENTS; i += 100_000) await seed(store, i, Math.min(100_000, EVENTS - i), 2000);
    const seedSeconds = (Date.now() - t0) / 1000;
    await pool.query('VACUUM ANALYZE event_store.events');
    const { rows: size } = await pool.query<{ s: string }>(`SELECT pg_size_pretty(pg_total_relation_size('event_store.events')) AS s`);
    console.log(`seeded ${fmt(EVENTS)} events in ${seedSeconds.toFixed(1)} s (${size[0].s})`);

    const scan: number[] = [];
    const replay: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Baseline: the same ordered keyset reads the store does, rows parsed by pg, nothing else.
      t0 = Date.now();
      let position = 0;
      let n = 0;
      for (;;) {
        const { rows } = await pool.query<{ position: string }>(
          `SELECT position, stream_id, stream_version, event_id, type, schema_version, data, personal, metadata, recorded_at, prev_hash, hash
             FROM event_store.events WHERE position > $1 ORDER BY position LIMIT $2`,
          [position, BATCH],
        );
        if (!rows.length) break;
        n += rows.length;
        position = Number(rows[rows.length - 1].position);
      }
      if (n !== EVENTS) throw new Error(`scan read ${n} events`);
      scan.push(EVENTS / ((Date.now() - t0) / 1000));

      // The runner from position 0 into fresh tables (own control schema per round), to the head.
      t0 = Date.now();
      const runner = new ProjectionRunner({ store, pool, projection: demoProjection({ name: `bench_r${r}` }), controlSchema: `bench_ctl_${r}`, batchSize: BATCH }).start();
      while (runner.position < EVENTS) await new Promise((res) => setTimeout(res, 5));
      replay.push(EVENTS / ((Date.now() - t0) / 1000));
      await runner.stop();
      console.log(`round ${r + 1}: scan ${fmt(scan[r])} events/s, replay ${fmt(replay[r])} events/s`);
    }
    await store.close();
    await pool.end();

    const ratio = median(replay) / median(scan);
    const body = `## Replay into a read model vs an ordered scan of the log

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), embedded
PostgreSQL ${v[0].v} over TCP (fsync on, default settings), Node ${process.version}. ${fmt(EVENTS)} events of the test-only demo
aggregate (≈ 100 B of JSON data + metadata each; ${size[0].s} with indexes), seeded in ${seedSeconds.toFixed(0)} s. Medians of ${ROUNDS} rounds;
each round runs the scan, then the replay, on the same server.

| scenario | baseline (same run) | projection runner | ratio | goal | |
|---|---|---|---|---|---|
| replay of ${fmt(EVENTS)} events from position 0 into the demo read model (${BATCH} events per transaction, checkpoint in the same transaction) vs ordered keyset \`SELECT\` scan of the log (${BATCH} rows per query) | ${fmt(median(scan))} events/s | ${fmt(median(replay))} events/s | **${Math.round(ratio * 100)} %** | ≥ 30 % | ${ratio >= 0.3 ? 'met' : 'NOT met'} |

Per round: scan ${scan.map(fmt).join(' / ')} events/s; replay ${replay.map(fmt).join(' / ')} events/s.

The replay does what the scan does (same reads) plus: decoding each row into a \`StoredEvent\`
(upcasters, personal-data check), the projection's set-based upsert of one batch, the checkpoint
update and a NOTIFY, all in one transaction per batch. The demo projection groups a batch per account
before writing; a projection with one statement per event would be slower (it pays a round trip each).

Reproduce alone: \`npm exec -- node --import ./scripts/ts.mjs libs/event-store/bench/replay.bench.ts\`
(\`BENCH_EVENTS\`, \`BENCH_BATCH\`, \`BENCH_ROUNDS\` to change the sizes).`;
    console.log(`\nscan ${fmt(median(scan))} events/s, replay ${fmt(median(replay))} events/s: ${Math.round(ratio * 100)} %\n`);
    writeSection('replay', body);
  } finally {
    await stop();
  }
}

await main();
