import type pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredEvent } from '../port.js';
import type { ProjectionOrm } from './orm.js';

/**
 * What a projection's code gets: the connection of the transaction that also moves its checkpoint.
 * `search_path` is set to the schema this version (or this rebuild, or this audit) writes into:
 * handlers use UNQUALIFIED table names and never commit, roll back or touch other schemas.
 */
export interface ProjectionTx {
  client: pg.ClientBase;
  /** The schema being written (for the rare statement that must name it, e.g. in a function body). */
  schema: string;
  query<R extends pg.QueryResultRow = any>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  /**
   * For a projection that declares `orm`: a MikroORM EntityManager joined to this transaction
   * (its flushes, QueryBuilder and getKysely() run on this connection and commit with the checkpoint;
   * ADR 0018). Throws for a projection without `orm`. Its blind writes (INSERT, UPDATE, DELETE) are
   * pipelined: sent together before the next read and at the end of the batch, so they answer no
   * row count and no RETURNING rows (use `query` for a write whose result you need).
   */
  readonly em: EntityManager;
}

export type EventHandler = (event: StoredEvent, tx: ProjectionTx) => Promise<void>;

/**
 * Set-based handling of a projection's hottest event types (ADR 0035): the events of `types` in a
 * batch are collected, in log order, and given to `apply` together, which writes them with a few
 * multi-row statements instead of one or two per event. `apply` must leave exactly the tables that
 * applying the events one by one would (the projection's tests compare both).
 * The other events of the batch still go to `handlers`, one by one; they may be applied before the
 * collected ones that precede them in the log, because they write other tables, EXCEPT the types in
 * `flushBefore` (they touch this set's tables): before such an event the collected events are applied.
 */
export interface SetHandler {
  types: readonly string[];
  /** Event types of `handlers` that write (or read) the tables `apply` writes. */
  flushBefore?: readonly string[];
  apply(events: StoredEvent[], tx: ProjectionTx): Promise<void>;
}

export interface Projection {
  /** Also the schema readers use (views onto the live version's tables): `catalog_programs`. */
  name: string;
  /** Bump it when the tables or the handlers change meaning: the new version rebuilds from 0, then swaps in. */
  version: number;
  /**
   * Its read tables as MikroORM entities and the migrations that create them (ADR 0018): a new
   * version schema gets its tables from the Migrator, and handlers get `tx.em`.
   */
  orm?: ProjectionOrm;
  /** Creates this version's tables (unqualified names), in the transaction that registers the version; after `orm`'s migrations. */
  setup?(tx: ProjectionTx): Promise<void>;
  /** One handler per event type, applied in log order; events of other types are skipped. */
  handlers?: Record<string, EventHandler>;
  /** With `handlers`: the hottest event types, applied a batch at a time (see SetHandler). */
  sets?: readonly SetHandler[];
  /** Or the whole ordered batch at once (for set-based SQL); called with only the `handlers`-less batch. */
  handle?(events: StoredEvent[], tx: ProjectionTx): Promise<void>;
}
