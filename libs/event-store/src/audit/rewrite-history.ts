// The attack signed checkpoints exist for (issue 16): someone with write access to the database
// changes an event AND recomputes every hash from there to the head, so the chain verifies again.
// Used by tests to show that a checkpoint signed before the rewrite catches it; never by the product.
import type pg from 'pg';
import { assertSchemaName } from '../postgres/schema.js';
import { canonicalBody, chainHash } from '../postgres/hash-chain.js';

interface Row {
  position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  personal: unknown;
  metadata: unknown;
  recorded_at: string;
  prev_hash: string;
}

/**
 * Sets the `data` of the event at `position` to `data` and rewrites hash and prev_hash of it and every
 * later event, in one transaction with the append-only triggers off. Returns the row's old data.
 */
export async function rewriteHistory(pool: pg.Pool, schema: string, position: number, data: (old: unknown) => unknown): Promise<unknown> {
  assertSchemaName(schema);
  const t = `"${schema}".events`;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
    const { rows } = await client.query<Row>(
      `SELECT position, stream_id, stream_version, event_id::text AS event_id, type, schema_version, data, personal, metadata,
              to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at, prev_hash
         FROM ${t} WHERE position >= $1 ORDER BY position`,
      [position],
    );
    const old = rows[0]?.data;
    if (rows[0]) rows[0].data = data(old);
    let prev = rows[0]?.prev_hash ?? '';
    for (const r of rows) {
      const body = { streamId: r.stream_id, eventId: r.event_id, type: r.type, schemaVersion: r.schema_version, data: r.data, personal: r.personal, metadata: r.metadata, recordedAt: r.recorded_at };
      const hash = chainHash(prev, Number(r.position), r.stream_version, canonicalBody(body));
      await client.query(`UPDATE ${t} SET data = $2::jsonb, prev_hash = $3, hash = $4 WHERE position = $1`, [r.position, JSON.stringify(r.data), prev, hash]);
      prev = hash;
    }
    await client.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
    await client.query('COMMIT');
    return old;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
