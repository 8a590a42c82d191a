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
  if (p.sets && !p.handlers) throw new Error(`projection ${p.name}: sets go with handlers`);
  const taken = new Set<string>();
  for (const set of p.sets ?? []) {
    for (const t of set.types) {
      if (taken.has(t) || Object.hasOwn(p.handlers!, t)) throw new Error(`projection ${p.name}: event type ${t} has two handlers`);
      taken.add(t);
    }
  }
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
    else await applyInOrder(projection, events, tx);
  });
  // Entities a handler persisted are written once per batch, still before the checkpoint moves; not
  // pipelined: the unit of work reads back what its inserts return.
  if (projection.orm) await onProjectionConnection(tx.client, () => tx.em.flush());
}

/**
 * `handlers` one event at a time; the events of a set handler's types are collected and applied
 * together (SetHandler): at the end of the batch, or before an event of its `flushBefore`.
 */
async function applyInOrder(projection: Projection, events: StoredEvent[], tx: ProjectionTx): Promise<void> {
  const handlers = projection.handlers!;
  const sets = projection.sets ?? [];
  if (sets.length === 0) {
    for (const e of events) {
      const h = Object.hasOwn(handlers, e.type) ? handlers[e.type] : undefined;
      if (h) await h(e, tx);
    }
    return;
  }
  const collected = sets.map(() => [] as StoredEvent[]);
  const flush = async (i: number) => {
    if (collected[i].length === 0) return;
    const run = collected[i];
    collected[i] = [];
    await sets[i].apply(run, tx);
  };
  for (const e of events) {
    const i = sets.findIndex((s) => s.types.includes(e.type));
    if (i >= 0) {
      collected[i].push(e);
      continue;
    }
    const h = Object.hasOwn(handlers, e.type) ? handlers[e.type] : undefined;
    if (!h) continue;
    for (let j = 0; j < sets.length; j++) if (sets[j].flushBefore?.includes(e.type)) await flush(j);
    await h(e, tx);
  }
  for (let j = 0; j < sets.length; j++) await flush(j);
}

/** Creates `schema` and the projection's tables in it (inside the caller's transaction): the Migrator's, then setup's. */
export async function setupSchema(client: pg.ClientBase, projection: Projection, schema: string): Promise<void> {
  await client.query(`CREATE SCHEMA ${q(schema)}`);
  const tx = await projectionTx(client, schema, projection);
  if (projection.orm) await migrateVersionSchema(client, projection.orm, schema);
  if (projection.setup) await onProjectionConnection(client, () => projection.setup!(tx));
}
