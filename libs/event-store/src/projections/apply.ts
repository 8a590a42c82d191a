// Applying events to a projection inside a transaction that someone else opened and will commit.
// Shared by the runner, a rebuild and the audit replay, so all three compute the same tables.
import type pg from 'pg';
import type { StoredEvent } from '../port.js';
import { assertProjectionName, q } from './control.js';
import type { Projection, ProjectionTx } from './types.js';

export function assertProjection(p: Projection): void {
  assertProjectionName(p.name);
  if (!Number.isInteger(p.version) || p.version < 1) throw new Error(`projection ${p.name}: version must be an integer ≥ 1`);
  if (typeof p.setup !== 'function') throw new Error(`projection ${p.name}: setup(tx) is required`);
  if (!p.handlers === !p.handle) throw new Error(`projection ${p.name}: give either handlers or handle(events, tx)`);
}

/** Sets the transaction's search_path to `schema` and wraps the client for handlers. Call inside BEGIN. */
export async function projectionTx(client: pg.ClientBase, schema: string): Promise<ProjectionTx> {
  // SET LOCAL: reverts at COMMIT/ROLLBACK, so a pooled or shared connection is not left pointing here.
  await client.query(`SET LOCAL search_path TO ${q(schema)}, public`);
  return { client, schema, query: (text, params) => client.query(text, params as unknown[]) };
}

export async function applyEvents(projection: Projection, events: StoredEvent[], tx: ProjectionTx): Promise<void> {
  if (events.length === 0) return;
  if (projection.handle) {
    await projection.handle(events, tx);
    return;
  }
  const handlers = projection.handlers!;
  for (const e of events) {
    const h = Object.hasOwn(handlers, e.type) ? handlers[e.type] : undefined;
    if (h) await h(e, tx);
  }
}

/** Creates `schema` and the projection's tables in it (inside the caller's transaction). */
export async function setupSchema(client: pg.ClientBase, projection: Projection, schema: string): Promise<void> {
  await client.query(`CREATE SCHEMA ${q(schema)}`);
  await projection.setup(await projectionTx(client, schema));
}
