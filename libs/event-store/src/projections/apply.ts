// Applying events to a projection inside a transaction that someone else opened and will commit.
// Shared by the runner, a rebuild and the audit replay, so all three compute the same tables.
import type pg from 'pg';
import type { StoredEvent } from '../port.js';
import { applyOrder, foldRuns } from './apply-order.js';
import { assertProjectionName, q } from './control.js';
import { migrateVersionSchema, onProjectionConnection, projectionEm, sendQueuedWrites, withPipelinedWrites } from './orm.js';
import type { Projection, ProjectionTx } from './types.js';

/** Refuses a projection that could not run: its name, version, tables, or handlers and sets whose declarations conflict. */
export function assertProjection(p: Projection): void {
  assertProjectionName(p.name);
  if (!Number.isInteger(p.version) || p.version < 1) throw new Error(`projection ${p.name}: version must be an integer ≥ 1`);
  if (!p.orm) throw new Error(`projection ${p.name}: orm (entities and migrations) is required`);
  applyOrder(p);
}

/**
 * Sets the transaction's search_path to `schema` and wraps the client for handlers, with a MikroORM
 * EntityManager joined to the transaction. Call inside BEGIN.
 */
export async function projectionTx(client: pg.ClientBase, schema: string, projection: Projection): Promise<ProjectionTx> {
  // SET LOCAL: reverts at COMMIT/ROLLBACK, so a pooled or shared connection is not left pointing here.
  await client.query(`SET LOCAL search_path TO ${q(schema)}, public`);
  const em = await projectionEm(client, projection.orm);
  return {
    client,
    schema,
    // A raw statement may read what the batch's queued writes write (or need its own result): they go first.
    query: async (text, params) => {
      await sendQueuedWrites();
      return client.query(text, params as unknown[]);
    },
    em,
  };
}

export async function applyEvents(projection: Projection, events: StoredEvent[], tx: ProjectionTx): Promise<void> {
  if (events.length === 0) return;
  // The handlers' blind writes are pipelined (orm.ts): all of them are sent before this returns.
  await withPipelinedWrites(tx.client, () => applyInOrder(projection, events, tx));
  // Entities a handler persisted are written once per batch, still before the checkpoint moves; not
  // pipelined: the unit of work reads back what its inserts return.
  await onProjectionConnection(tx.client, () => tx.em.flush());
}

/**
 * Handlers one event at a time; the events of a set are collected and written as runs, before the first
 * later event whose handler touches the set's tables, and at the end of the batch (apply-order.ts).
 */
async function applyInOrder(projection: Projection, events: StoredEvent[], tx: ProjectionTx): Promise<void> {
  const routes = applyOrder(projection);
  const sets = projection.sets ?? [];
  const collected = sets.map(() => [] as StoredEvent[]);
  const writeCollected = async (i: number) => {
    const pending = collected[i];
    if (pending.length === 0) return;
    collected[i] = [];
    for (const run of foldRuns(sets[i], pending)) await sets[i].write(run, tx);
  };
  for (const e of events) {
    const route = routes.get(e.type);
    if (!route) continue;
    if ('set' in route) {
      collected[route.set].push(e);
      continue;
    }
    for (const i of route.writeFirst) await writeCollected(i);
    await route.handler.apply(e, tx);
  }
  for (let i = 0; i < sets.length; i++) await writeCollected(i);
}

/** Creates `schema` and the projection's tables in it (inside the caller's transaction), by its migrations. */
export async function setupSchema(client: pg.ClientBase, projection: Projection, schema: string): Promise<void> {
  await client.query(`CREATE SCHEMA ${q(schema)}`);
  await client.query(`SET LOCAL search_path TO ${q(schema)}, public`);
  await migrateVersionSchema(client, projection.orm, schema);
}
