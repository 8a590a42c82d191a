// Keyed multi-row UPDATEs in a set handler (ADR 0035): `UPDATE t … FROM unnest($keys…) v WHERE t.key =
// v.key` touches a few hundred rows by an indexed key, but Postgres plans it as a hash (or merge) join
// over a sequential scan of the whole table: a version schema is built from empty and has no
// statistics during a replay, and even analysed, at tens of thousands of rows it still prices the scan
// below the index lookups. Every batch then reads the whole table and a replay grows quadratic. Inside
// `fn` the planner may only join by nested loop, so each key is looked up through its index.
import type { ProjectionTx } from './types.js';

export async function byIndexLookups<T>(tx: ProjectionTx, fn: () => Promise<T>): Promise<T> {
  // SET LOCAL: gone at the end of the batch transaction at the latest; RESET puts back the default at once.
  await tx.query('SET LOCAL enable_hashjoin = off; SET LOCAL enable_mergejoin = off');
  try {
    return await fn();
  } finally {
    await tx.query('RESET enable_hashjoin; RESET enable_mergejoin');
  }
}
