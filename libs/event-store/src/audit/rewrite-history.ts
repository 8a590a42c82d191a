// The attack signed checkpoints exist for (issue 16): someone with write access to the database
// changes an event AND recomputes every hash from there to the head, so the chain verifies again.
// Used by tests to show that a checkpoint signed before the rewrite catches it; never by the product.
import type pg from 'pg';
import { EVENT_COLUMNS, hashedBody, type EventRow } from '../postgres/event-rows.js';
import { canonicalBody, chainHash } from '../postgres/hash-chain.js';
import { assertSchemaName } from '../postgres/schema.js';
import { inTransaction } from '../postgres/transaction.js';

/**
 * Sets the `data` of the event at `position` to `data` and rewrites hash and prev_hash of it and every
 * later event, in one transaction with the append-only triggers off. Returns the row's old data.
 */
export async function rewriteHistory(pool: pg.Pool, schema: string, position: number, data: (old: unknown) => unknown): Promise<unknown> {
  assertSchemaName(schema);
  const t = `"${schema}".events`;
  return inTransaction(pool, async (client) => {
    await client.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
    const { rows } = await client.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM ${t} WHERE position >= $1 ORDER BY position`, [position]);
    const old = rows[0]?.data;
    if (rows[0]) rows[0].data = data(old) as EventRow['data'];
    let prev = rows[0]?.prev_hash ?? '';
    for (const r of rows) {
      const hash = chainHash(prev, Number(r.position), r.stream_version, canonicalBody(hashedBody(r)));
      await client.query(`UPDATE ${t} SET data = $2::jsonb, prev_hash = $3, hash = $4 WHERE position = $1`, [r.position, JSON.stringify(r.data), prev, hash]);
      prev = hash;
    }
    await client.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
    return old;
  });
}
