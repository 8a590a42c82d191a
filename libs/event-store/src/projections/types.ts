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
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  /**
   * A MikroORM EntityManager joined to this transaction (its flushes, QueryBuilder and getKysely() run
   * on this connection and commit with the checkpoint; ADR 0018). Its blind writes (INSERT, UPDATE, DELETE) are
   * pipelined: sent together before the next read and at the end of the batch, so they answer no
   * row count and no RETURNING rows (use `query` for a write whose result you need).
   */
  readonly em: EntityManager;
}

export type EventHandler = (event: StoredEvent, tx: ProjectionTx) => Promise<void>;

/**
 * The read tables a handler or set touches, by the unqualified names its statements use. The apply step
 * orders handlers against sets by them (ADR 0035): before an event whose handler touches a table a set
 * writes (or writes a table a set reads), the set's events collected so far are written.
 */
export interface TableUse {
  /** Tables it inserts into, updates or deletes from. */
  writes: readonly string[];
  /** Tables it reads without writing them. */
  reads?: readonly string[];
}

/** One event at a time. */
export interface Handler extends TableUse {
  apply: EventHandler;
}

/**
 * A projection's hottest event types folded a run at a time (ADR 0035): the batch's events of `types`
 * are collected in log order and folded into runs, each written with a few multi-row statements. A run
 * starts with one event (`start`: every single event is expressible) and takes the next ones while
 * `add` can express them given the run so far; the event it cannot express is written in the next run.
 * Each run must leave exactly what its events one at a time would: its tests compare batches of every
 * size with the same set writing runs of one event (@academy/testing's `eventByEvent`).
 */
export interface SetHandler<Run = unknown> extends TableUse {
  types: readonly string[];
  /** A run of `event` alone. */
  start(event: StoredEvent): Run;
  /** Folds the next event into `run`; false (the run unchanged) when the run cannot express it. */
  add(run: Run, event: StoredEvent): boolean;
  write(run: Run, tx: ProjectionTx): Promise<void>;
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
  orm: ProjectionOrm;
  /** The hottest event types, written a run at a time. */
  sets?: readonly SetHandler[];
  /** Every other event type it keeps, one event at a time, in log order; events of other types are skipped. */
  handlers: Readonly<Record<string, Handler>>;
}
