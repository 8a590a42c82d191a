// `academy backup <file>` / `academy restore <file>` (issue 17 §6): the one source of truth in one
// gzip file of lines. The signed checkpoints (CheckpointSigned on `audit-checkpoints`) and every other
// fact are rows of the log; the wrapped subject keys (ADR 0003) sit beside it. Read models are not
// backed up: they rebuild from the log.
//
// Line 1 is a JSON header, then `key <row>` lines, then `event <row>` lines in position order, then a
// JSON trailer with the counts (a cut file is refused). A row is Postgres's own row_to_json text, and
// restore hands it back to json_populate_recordset unparsed: timestamps keep their microseconds, jsonb
// numbers their digits, bytea its bytes, so the hashes still match the rows (nothing is re-hashed).
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { inTransaction } from '../postgres/transaction.js';
import type pg from 'pg';
import { assertSchemaName } from '../postgres/schema.js';

export const BACKUP_FORMAT = 'academy-backup/1';
const BATCH = 1000;

export interface BackupSummary {
  events: number;
  keys: number;
  /** CheckpointSigned events among them. */
  checkpoints: number;
  head: { position: number; hash: string };
}

interface Header {
  format: string;
  schema: string;
  createdAt: string;
  head: { position: number; hash: string };
}
interface Trailer {
  end: true;
  events: number;
  keys: number;
}

export class BackupError extends Error {}

/** Writes the log and the subject keys, as one consistent snapshot (REPEATABLE READ), to `file`. */
export async function backupEventStore(pool: pg.Pool, schema: string, file: string, now = new Date()): Promise<BackupSummary> {
  assertSchemaName(schema);
  const s = `"${schema}"`;
  const summary: BackupSummary = { events: 0, keys: 0, checkpoints: 0, head: { position: 0, hash: '0'.repeat(64) } };
  return inTransaction(pool, async (client) => {
    const head = await client.query<{ position: string; hash: string }>(`SELECT e.position::text AS position, e.hash FROM ${s}.events e ORDER BY e.position DESC LIMIT 1`);
    if (head.rows[0]) summary.head = { position: Number(head.rows[0].position), hash: head.rows[0].hash };
    async function* lines(): AsyncGenerator<string> {
      const header: Header = { format: BACKUP_FORMAT, schema, createdAt: now.toISOString(), head: summary.head };
      yield JSON.stringify(header) + '\n';
      const keys = await client.query<{ row: string }>(`SELECT row_to_json(k)::text AS row FROM ${s}.subject_keys k ORDER BY subject_id`);
      for (const { row } of keys.rows) yield `key ${row}\n`;
      summary.keys = keys.rows.length;
      // Keyset pages, so a long log never sits in memory at once.
      for (let after = 0; ; ) {
        const page = await client.query<{ position: string; type: string; row: string }>(
          `SELECT e.position::text AS position, e.type, row_to_json(e)::text AS row FROM ${s}.events e WHERE e.position > $1 ORDER BY e.position LIMIT ${BATCH}`,
          [after],
        );
        for (const r of page.rows) {
          if (r.type === 'CheckpointSigned') summary.checkpoints++;
          yield `event ${r.row}\n`;
        }
        summary.events += page.rows.length;
        if (page.rows.length < BATCH) break;
        after = Number(page.rows[page.rows.length - 1].position);
      }
      const trailer: Trailer = { end: true, events: summary.events, keys: summary.keys };
      yield JSON.stringify(trailer) + '\n';
    }
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file, { flags: 'wx' }));
    return summary;
  }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

/**
 * Restores a backup into `schema`, which must already exist (migrated) and hold no event and no key:
 * a restore never merges into a live log. One transaction: all or nothing. The caller verifies the
 * chain afterwards; here the head must be the one the header names.
 */
export async function restoreEventStore(pool: pg.Pool, schema: string, file: string): Promise<BackupSummary> {
  assertSchemaName(schema);
  const s = `"${schema}"`;
  return inTransaction(pool, async (client) => {
    // No append may slip in between the emptiness check and the rows (append_events takes this lock too).
    await client.query(`LOCK TABLE ${s}.events, ${s}.subject_keys IN EXCLUSIVE MODE`);
    const present = await client.query<{ events: string; keys: string }>(`SELECT (SELECT count(*) FROM ${s}.events)::text AS events, (SELECT count(*) FROM ${s}.subject_keys)::text AS keys`);
    const { events: had, keys: hadKeys } = present.rows[0];
    if (had !== '0' || hadKeys !== '0') {
      throw new BackupError(`refusing to restore: the database is not empty (${had} events, ${hadKeys} subject keys in ${schema}); restore into a fresh database`);
    }
    const summary: BackupSummary = { events: 0, keys: 0, checkpoints: 0, head: { position: 0, hash: '0'.repeat(64) } };
    let header: Header | undefined;
    let trailer: Trailer | undefined;
    const batch: { kind: 'key' | 'event'; rows: string[] } = { kind: 'key', rows: [] };
    const flush = async () => {
      if (!batch.rows.length) return;
      const table = batch.kind === 'key' ? 'subject_keys' : 'events';
      await client.query(`INSERT INTO ${s}.${table} SELECT * FROM json_populate_recordset(NULL::${s}.${table}, $1::json)`, [`[${batch.rows.join(',')}]`]);
      batch.rows = [];
    };
    const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    let n = 0;
    for await (const line of input) {
      n++;
      if (n === 1) {
        header = JSON.parse(line) as Header;
        if (header.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not an academy backup (format ${JSON.stringify(header.format)}, expected ${BACKUP_FORMAT})`);
        continue;
      }
      if (trailer) throw new BackupError(`${file}: lines after the end (line ${n})`);
      const space = line.indexOf(' ');
      const kind = line.slice(0, space);
      if (kind === 'key' || kind === 'event') {
        if (kind !== batch.kind) await flush();
        batch.kind = kind;
        batch.rows.push(line.slice(space + 1));
        if (kind === 'key') summary.keys++;
        else summary.events++;
        if (batch.rows.length >= BATCH) await flush();
      } else if (line.startsWith('{')) {
        trailer = JSON.parse(line) as Trailer;
      } else {
        throw new BackupError(`${file}: line ${n} is neither a key, an event nor the end`);
      }
    }
    await flush();
    if (!header) throw new BackupError(`${file} is empty`);
    if (!trailer?.end || trailer.events !== summary.events || trailer.keys !== summary.keys) {
      throw new BackupError(`${file} is cut short or altered: ${summary.events} events and ${summary.keys} keys read, the end says ${trailer ? `${trailer.events} and ${trailer.keys}` : 'nothing (missing)'}`);
    }
    const head = await client.query<{ position: string; hash: string }>(`SELECT e.position::text AS position, e.hash FROM ${s}.events e ORDER BY e.position DESC LIMIT 1`);
    summary.head = head.rows[0] ? { position: Number(head.rows[0].position), hash: head.rows[0].hash } : summary.head;
    if (summary.head.position !== header.head.position || summary.head.hash !== header.head.hash) {
      throw new BackupError(`${file}: the restored head ${summary.head.position}:${summary.head.hash} is not the one the backup names (${header.head.position}:${header.head.hash})`);
    }
    const checkpoints = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${s}.events WHERE type = 'CheckpointSigned'`);
    summary.checkpoints = Number(checkpoints.rows[0].n);
    return summary;
  });
}
