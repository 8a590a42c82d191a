// EXPERIMENT for issue 16's verification goal (helper "verify", not a product benchmark; nothing here is
// used by the application). Question: if each row stored the exact canonical text it was hashed over
// (a `body` column, the other columns derived from it), could verify() reach 50 % of raw sha256 over
// the same bytes in the same process? It seeds the learning seed, adds the body the way a migration
// would (canonicalBody of the stored columns, which the chain proves is what was hashed), and builds:
//   v_default  every column plus body, default storage (what STORED generated columns would hold; its
//              size only: pglz compresses the bodies of the larger rows, so reading it is slower still)
//   v_main     the same with body SET STORAGE MAIN (kept inline, uncompressed: no pglz on read)
//   narrow     only (position, stream_version, prev_hash, hash, body): the lower bound of any layout
// and measures per event, in turns so the machine's noise falls on all alike: sha256 alone over the
// bytes (before and after), today's verify() on today's table (canonical JSON rebuilt from the columns),
// verify over text rows (pg driver, read ahead), verify over COPY binary
// (no text decoding), reading the rows alone, and the chain checked inside PostgreSQL (sha256 over body).
//   BENCH_STUDENTS=1000 ROUNDS=7 node_modules/node/bin/node --import ./scripts/ts.mjs services/api/bench/stored-body.experiment.ts
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '@academy/devstack';
import { canonicalBody, PostgresEventStore } from '@academy/event-store';
import { MASTER_KEY, seed } from './learning-seed.js';

const now = () => performance.now();

// ---- COPY … TO STDOUT (FORMAT binary) through node-postgres (which has no COPY OUT): fields as stored bytes.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** One row: its fields' bytes in column order (null for NULL). The buffers are the caller's own. */
type CopyRow = (Buffer | null)[];

/** Runs `sql` (a COPY … TO STDOUT (FORMAT binary), no parameters) on a pooled connection. */
async function copyOutBinary(pool: pg.Pool, sql: string): Promise<CopyRow[]> {
  const client = await pool.connect();
  try {
    return await new Promise<CopyRow[]>((resolve, reject) => {
      void client.query(new CopyOutBinary(sql, resolve, reject) as never);
    });
  } finally {
    client.release();
  }
}

/** A node-postgres "submittable" (as pg-cursor is): the client hands it the protocol messages of its query. */
class CopyOutBinary {
  private readonly rows: CopyRow[] = [];
  private carry: Buffer | null = null;
  private header = false;
  private done = false;
  private failed: Error | null = null;

  constructor(
    private readonly text: string,
    private readonly resolve: (rows: CopyRow[]) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyData(msg: { chunk: Buffer }): void {
    if (this.failed) return;
    try {
      this.parse(msg.chunk);
    } catch (e) {
      this.failed = e as Error;
    }
  }

  /** Tuples may span CopyData messages (PostgreSQL sends one per row, but need not). */
  private parse(chunk: Buffer): void {
    // The protocol parser reuses its buffer: keep a copy of what is ours.
    let buf = this.carry ? Buffer.concat([this.carry, chunk]) : Buffer.from(chunk);
    this.carry = null;
    let o = 0;
    if (!this.header) {
      if (buf.length < 19) return void (this.carry = buf);
      if (!buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('COPY: not the binary format');
      const ext = buf.readInt32BE(15);
      if (buf.length < 19 + ext) return void (this.carry = buf);
      o = 19 + ext;
      this.header = true;
    }
    while (!this.done && buf.length - o >= 2) {
      const n = buf.readInt16BE(o);
      if (n === -1) {
        this.done = true;
        o += 2;
        break;
      }
      let p = o + 2;
      const row: CopyRow = new Array(n);
      let whole = true;
      for (let i = 0; i < n; i++) {
        if (buf.length - p < 4) {
          whole = false;
          break;
        }
        const len = buf.readInt32BE(p);
        p += 4;
        if (len === -1) row[i] = null;
        else {
          if (buf.length - p < len) {
            whole = false;
            break;
          }
          row[i] = buf.subarray(p, p + len);
          p += len;
        }
      }
      if (!whole) break;
      this.rows.push(row);
      o = p;
    }
    if (o < buf.length) this.carry = buf.subarray(o);
    buf = Buffer.alloc(0);
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {
    if (this.failed) this.reject(this.failed);
    else if (!this.done || this.carry) this.reject(new Error('COPY: the data ended inside a row'));
    else this.resolve(this.rows);
  }

  handleError(error: Error): void {
    this.reject(error);
  }

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('COPY FROM is not supported here');
  }

  handleRowDescription(): void {
    this.failed = new Error('COPY: the statement returned rows, not COPY data');
  }

  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
}

// ----

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exp-body-'));
  chmodSync(dir, 0o755);
  const server = await startPostgres({ dataDir: path.join(dir, 'pg') });
  try {
    const url = await server.createDatabase('exp');
    const seeded = await seed(url, Number(process.env.BENCH_STUDENTS ?? 300), { replay: false });
    console.log(`${seeded.events} events, ${seeded.sizeOfLog}`);
    const pool = new pg.Pool({ connectionString: url, max: 4 }); pool.on('error', () => {});
    console.log((await pool.query(`SHOW default_toast_compression`)).rows, (await pool.query(`SELECT version()`)).rows[0]);
    await pool.query(`CREATE TABLE event_store.bodies (position bigint primary key, body text)`);
    for (let from = 1; ; ) {
      const { rows } = await pool.query(`SELECT position, stream_id, event_id::text AS event_id, type, schema_version, data, personal, metadata,
        to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at FROM event_store.events WHERE position >= $1 ORDER BY position LIMIT 5000`, [from]);
      if (!rows.length) break;
      const bodies = rows.map((r) => canonicalBody({ streamId: r.stream_id, eventId: r.event_id, type: r.type, schemaVersion: r.schema_version, data: r.data, personal: r.personal, metadata: r.metadata, recordedAt: r.recorded_at }));
      await pool.query(`INSERT INTO event_store.bodies SELECT * FROM unnest($1::bigint[], $2::text[])`, [rows.map((r) => r.position), bodies]);
      from = Number(rows[rows.length - 1].position) + 1;
    }
    const variants: Record<string, string> = {
      default: ``,
      main: `ALTER TABLE %t ALTER COLUMN body SET STORAGE MAIN;`,
    };
    for (const [name, alter] of Object.entries(variants)) {
      const t = `event_store.v_${name}`;
      await pool.query(`CREATE TABLE ${t} (LIKE event_store.events INCLUDING ALL); ALTER TABLE ${t} ADD COLUMN body text; ${alter.replaceAll('%t', t)}`);
      await pool.query(`INSERT INTO ${t} SELECT e.*, b.body FROM event_store.events e JOIN event_store.bodies b USING (position)`);
      await pool.query(`VACUUM ANALYZE ${t}`);
    }
    const tables = [...Object.keys(variants).map((n) => `event_store.v_${n}`), 'event_store.bodies_narrow'];
    await pool.query(`CREATE TABLE event_store.bodies_narrow AS SELECT e.position, e.stream_version, e.prev_hash, e.hash, b.body FROM event_store.events e JOIN event_store.bodies b USING (position); ALTER TABLE event_store.bodies_narrow ADD PRIMARY KEY (position)`); await pool.query(`VACUUM ANALYZE event_store.bodies_narrow`);
    for (const t of ['event_store.events', ...tables]) {
      const { rows } = await pool.query(`SELECT pg_size_pretty(pg_total_relation_size('${t}')) tot, pg_size_pretty(pg_relation_size('${t}')) heap, ${t.endsWith('events') ? '0' : `(SELECT count(*) FROM ${t} WHERE pg_column_compression(body) IS NOT NULL)`} AS compressed`);
      console.log(t, rows[0]);
    }
    const results = new Map<string, number[]>();
    const add = (k: string, v: number) => results.set(k, [...(results.get(k) ?? []), v]);
    const hashAlone = async (t: string) => {
      let hashMs = 0;
      let n = 0;
      for (let from = 1; ; ) {
        const { rows } = await pool.query(`SELECT position, stream_version, prev_hash, hash, body FROM ${t} WHERE position >= $1 ORDER BY position LIMIT 2000`, [from]);
        if (!rows.length) break;
        const inputs = rows.map((r) => Buffer.from(`${r.prev_hash}\n${r.position}\n${r.stream_version}\n${r.body}`, 'utf8'));
        const t1 = now();
        for (let i = 0; i < inputs.length; i++) {
          const h = createHash('sha256').update(inputs[i]).digest('hex');
          if (h !== rows[i].hash) throw new Error('base');
        }
        hashMs += now() - t1;
        n += rows.length;
        from = Number(rows[rows.length - 1].position) + 1;
      }
      return (hashMs * 1000) / n;
    };
    const check = (rows: CopyRow[], state: { prev: string; n: number }) => {
      for (const r of rows) {
        const p = Number(r[0]!.readBigInt64BE(0));
        const v = r[1]!.readInt32BE(0);
        const ph = r[2]!.toString('latin1');
        const h = r[3]!.toString('latin1');
        if (ph !== state.prev) throw new Error('link');
        const c = createHash('sha256').update(`${state.prev}\n${p}\n${v}\n`).update(r[4]!).digest('hex');
        if (c !== h) throw new Error(`hash at ${p}`);
        state.prev = h;
        state.n++;
      }
    };
    const batched = async (t: string) => {
      const q = (from: number) => copyOutBinary(pool, `COPY (SELECT position, stream_version, prev_hash, hash, body FROM ${t} WHERE position >= ${from} ORDER BY position LIMIT 5000) TO STDOUT (FORMAT binary)`);
      const t0 = now();
      const state = { prev: '0'.repeat(64), n: 0 };
      let next: Promise<CopyRow[]> | null = q(1);
      for (;;) {
        const rows = await next!;
        if (!rows.length) break;
        next = q(Number(rows[rows.length - 1][0]!.readBigInt64BE(0)) + 1);
        check(rows, state);
      }
      return ((now() - t0) * 1000) / state.n;
    };
    const jsonPath = async (t: string) => {
      const q = (from: number) => pool.query({ text: `SELECT position, stream_version, prev_hash, hash, body FROM ${t} WHERE position >= $1 ORDER BY position LIMIT 5000`, values: [from], rowMode: 'array' });
      const t0 = now();
      let prev = '0'.repeat(64);
      let n = 0;
      let next: Promise<pg.QueryResult> | null = q(1);
      for (;;) {
        const { rows } = await next!;
        if (!rows.length) break;
        next = q(Number(rows[rows.length - 1][0]) + 1);
        for (const [p, v, ph, h, b] of rows) {
          if (ph !== prev) throw new Error('link');
          const c = createHash('sha256').update(`${prev}\n${p}\n${v}\n`).update(b).digest('hex');
          if (c !== h) throw new Error('hash');
          prev = h;
          n++;
        }
      }
      return ((now() - t0) * 1000) / n;
    };
    for (let round = 0; round < Number(process.env.ROUNDS ?? 5); round++) {
      for (const t of tables.filter((x) => !x.endsWith('default'))) {
        const h1 = await hashAlone(t);
        const s0 = now();
        const { rows: bad } = await pool.query(`SELECT count(*) FILTER (WHERE hash <> encode(sha256(convert_to(prev_hash || E'\\n' || position || E'\\n' || stream_version || E'\\n' || body, 'UTF8')), 'hex')) AS bad,
            count(*) FILTER (WHERE prev_hash <> coalesce(prev, repeat('0', 64))) AS unlinked, count(*) AS n
          FROM (SELECT *, lag(hash) OVER (ORDER BY position) AS prev FROM ${t}) x`);
        const sq = ((now() - s0) * 1000) / Number(bad[0].n);
        if (Number(bad[0].bad) || Number(bad[0].unlinked)) throw new Error(`sql verify: ${JSON.stringify(bad[0])}`);
        const r0 = now();
        let rn = 0;
        for (let from = 1; ; ) {
          const { rows } = await pool.query({ text: `SELECT position, stream_version, prev_hash, hash, body FROM ${t} WHERE position >= $1 ORDER BY position LIMIT 5000`, values: [from], rowMode: 'array' });
          if (!rows.length) break;
          rn += rows.length;
          from = Number(rows[rows.length - 1][0]) + 1;
        }
        const readOnly = ((now() - r0) * 1000) / rn;
        const b = await batched(t);
        const j = await jsonPath(t);
        const h2 = await hashAlone(t);
        const h = (h1 + h2) / 2;
        add(`${t} COPY batches`, h / b);
        add(`${t} text rows`, h / j);
        add(`${t} in SQL`, h / sq);
        if (t.endsWith('v_main')) {
          const store = new PostgresEventStore({ pool, masterKey: MASTER_KEY });
          const v0 = now();
          const v = await store.verify();
          const today = ((now() - v0) * 1000) / v.checked;
          if (!v.ok) throw new Error(v.reason);
          add(`today's verify() on today's table`, h / today);
          console.log(`   today's verify() ${today.toFixed(2)} µs (${Math.round((h / today) * 100)} %)`);
        }
        add(`${t} read alone`, h / readOnly);
        console.log(`   in-SQL verify ${sq.toFixed(2)} µs (${Math.round((h / sq) * 100)} %), reading the rows alone ${readOnly.toFixed(2)} µs`);
        console.log(`round ${round} ${t}: hash ${h1.toFixed(2)}/${h2.toFixed(2)} µs, COPY verify ${b.toFixed(2)} µs (${Math.round((h / b) * 100)} %), text-row verify ${j.toFixed(2)} µs (${Math.round((h / j) * 100)} %)  load ${os.loadavg()[0].toFixed(1)}`);
      }
    }
    for (const [k, v] of results) console.log(`${k}: median ${Math.round([...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] * 100)} %, all ${v.map((x) => Math.round(x * 100)).join(' ')}`);
    await pool.end();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
void main().catch((e) => { console.error(String(e), e.where ?? "", e.stack); process.exit(1); });
