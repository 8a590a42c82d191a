// Applying events to a projection inside a transaction that someone else opened and will commit.
// Shared by the runner, a rebuild and the audit replay, so all three compute the same tables.
import type pg from 'pg';
import type { StoredEvent } from '../port.js';
import { assertProjectionName, q } from './control.js';
import { migrateVersionSchema, onProjectionConnection, projectionEm, sendQueuedWrites, withPipelinedWrites } from './orm.js';
import type { Projection, ProjectionTx } from './types.js';

export function assertProjection(p: Projection): void {
  assertProjectionName(p.name);
  if (!Number.isInteger(p.version) || p.version < 1) throw new Error(`projection ${p.name}: version must be an integer ≥ 1`);
  if (typeof p.setup !== 'function' && !p.orm) throw new Error(`projection ${p.name}: setup(tx) or orm (entities and migrations) is required`);
  if (!p.handlers === !p.handle) throw new Error(`projection ${p.name}: give either handlers or handle(events, tx)`);
}

/**
 * Sets the transaction's search_path to `schema` and wraps the client for handlers (with a MikroORM
 * EntityManager joined to the transaction when the projection declares `orm`). Call inside BEGIN.
 */
export async function projectionTx(client: pg.ClientBase, schema: string, projection?: Projection): Promise<ProjectionTx> {
  // SET LOCAL: reverts at COMMIT/ROLLBACK, so a pooled or shared connection is not left pointing here.
  await client.query(`SET LOCAL search_path TO ${q(schema)}, public`);
  const em = projection?.orm ? await projectionEm(client, projection.orm) : null;
  return {
    client,
    schema,
    // A raw statement may read what the batch's queued writes write (or need its own result): they go first.
    query: async (text, params) => {
      await sendQueuedWrites();
      return client.query(text, params as unknown[]);
    },
    get em() {
      if (!em) throw new Error(`projection ${projection?.name ?? '?'} declares no orm: tx.em is not available`);
      return em;
    },
  };
}

export async function applyEvents(projection: Projection, events: StoredEvent[], tx: ProjectionTx): Promise<void> {
  if (events.length === 0) return;
  // The handlers' blind writes are pipelined (orm.ts): all of them are sent before this returns.
  await withPipelinedWrites(tx.client, async () => {
    if (projection.handle) await projection.handle(events, tx);
    else {
      const handlers = projection.handlers!;
      for (const e of events) {
        const h = Object.hasOwn(handlers, e.type) ? handlers[e.type] : undefined;
        if (h) await h(e, tx);
      }
    }
  });
  // Entities a handler persisted are written once per batch, still before the checkpoint moves; not
  // pipelined: the unit of work reads back what its inserts return.
  if (projection.orm) await onProjectionConnection(tx.client, () => tx.em.flush());
}

/** Creates `schema` and the projection's tables in it (inside the caller's transaction): the Migrator's, then setup's. */
export async function setupSchema(client: pg.ClientBase, projection: Projection, schema: string): Promise<void> {
  await client.query(`CREATE SCHEMA ${q(schema)}`);
  const tx = await projectionTx(client, schema, projection);
  if (projection.orm) await migrateVersionSchema(client, projection.orm, schema);
  if (projection.setup) await onProjectionConnection(client, () => projection.setup!(tx));
}
