// The PostgreSQL adapter's only write path: prepared appends in one call of append_events (schema.ts,
// ADR 0002), each answered with its judgement (core/append-outcome.ts).
import type pg from 'pg';
import { allWritable, batchOutcome, type Judgement } from '../core/append-outcome.js';
import type { PreparedAppend } from '../core/prepare.js';
import type { AppendResult } from '../port.js';
import { inTransaction } from './transaction.js';

/** append_events checks it runs under READ COMMITTED: each statement must see the latest committed head. */
const BEGIN = 'BEGIN ISOLATION LEVEL READ COMMITTED';

/** TESTS ONLY: runs inside an append transaction after its rows are written, before COMMIT. */
export type BeforeCommit = () => Promise<void>;

interface AppendRow {
  r_index: number;
  r_status: 'ok' | 'duplicate' | 'conflict' | 'id_conflict';
  r_last_position: string | null;
  r_stream_version: number | null;
  r_actual_version: number | null;
  r_conflicting: string[] | null;
}

function judgementOf(row: AppendRow): Judgement {
  switch (row.r_status) {
    case 'ok':
    case 'duplicate':
      return { status: row.r_status, lastPosition: Number(row.r_last_position), streamVersion: row.r_stream_version! };
    case 'conflict':
      return { status: 'conflict', actualVersion: row.r_actual_version! };
    case 'id_conflict':
      return { status: 'id_conflict', conflictingIds: row.r_conflicting ?? [] };
  }
}

async function appendEvents(db: pg.Pool | pg.PoolClient, schema: string, group: PreparedAppend[]): Promise<Judgement[]> {
  const { rows } = await db.query<AppendRow>(
    `SELECT * FROM "${schema}".append_events($1::text[], $2::integer[], $3::integer[], $4::uuid[], $5::text[]) ORDER BY r_index`,
    [group.map((p) => p.streamId), group.map((p) => p.expected), group.map((p) => p.ids.length), group.flatMap((p) => p.ids), group.flatMap((p) => p.canonical)],
  );
  if (rows.length !== group.length) throw new Error(`append_events answered ${rows.length} rows for ${group.length} appends`);
  return rows.map(judgementOf);
}

/** A group of appends, each judged on its own (core/group-append.ts). */
export function writeGroup(pool: pg.Pool, schema: string, group: PreparedAppend[], beforeCommit?: BeforeCommit): Promise<Judgement[]> {
  // One statement = one implicit transaction: the append lock is held for the function and the
  // commit only, never across a client round trip.
  if (!beforeCommit) return appendEvents(pool, schema, group);
  return inTransaction(
    pool,
    async (client) => {
      const judgements = await appendEvents(client, schema, group);
      if (judgements.some((j) => j.status === 'ok')) await beforeCommit();
      return judgements;
    },
    BEGIN,
  );
}

/**
 * appendMany: several streams in ONE transaction on the same ordered path, each judged on its
 * expected version; unless all are written, none is (the refusal rolls the transaction back).
 */
export function writeBatch(pool: pg.Pool, schema: string, group: PreparedAppend[], beforeCommit?: BeforeCommit): Promise<AppendResult[]> {
  return inTransaction(
    pool,
    async (client) => {
      const judgements = await appendEvents(client, schema, group);
      const results = batchOutcome(group, judgements);
      if (allWritable(judgements)) await beforeCommit?.();
      return results;
    },
    BEGIN,
  );
}
