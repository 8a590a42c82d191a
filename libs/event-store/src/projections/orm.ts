// MikroORM inside a projection's transaction (ADR 0018). The runner, a rebuild and the audit each own
// a pg connection with an open transaction (ADR 0004: the batch and its checkpoint commit together).
// A projection's MikroORM instance has no pool of its own: its Kysely dialect hands out whichever
// connection the current async context is applying events on (AsyncLocalStorage), and its
// BEGIN/COMMIT/ROLLBACK are no-ops, because that transaction is the caller's to end. Everything
// MikroORM does there (em.flush, the QueryBuilder, em.getKysely(), the Migrator) therefore joins it:
// savepoints stay real, so a nested em.transactional() still rolls back only its own part.
//
// While a batch is applied, its writes are PIPELINED (withPipelinedWrites): a statement that only
// writes (INSERT, UPDATE, DELETE; MikroORM inlines every value, so it arrives without parameters) is
// queued, not sent, and the queue goes to Postgres as ONE multi-statement query before the next
// statement that reads and at the end of the batch. A replay was one round trip per statement, the
// process idle most of the time (docs/benchmarks.md); now a batch of blind writes is one. The price:
// a handler gets no affected-row count and no RETURNING rows from a write (they read as none); a
// handler that needs them sends that statement with tx.query, which sends the queue first.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { Kysely, PostgresDialect, PostgresDriver, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';
import type { MigrationObject, Options } from '@mikro-orm/core';
import { MikroORM, PostgreSqlDriver, raw, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { MIGRATIONS_TABLE } from './control.js';

/** What a projection declares to be written through MikroORM: its entities and the migrations of its version schema. */
export interface ProjectionOrm {
  /** The read tables as entities WITHOUT a schema: names stay unqualified and resolve through the transaction's search_path. */
  entities: NonNullable<Options['entities']>;
  /**
   * Generated from the entities by MikroORM's Migrator (`npm run projection:migration`),
   * run into every new version schema (runner, rebuild, audit), in order, never on a live one.
   */
  migrations: MigrationObject[];
}

/** The connection MikroORM is bound to in this async context, and its queue of writes while a batch pipelines them. */
interface Joined {
  client: pg.ClientBase;
  writes?: string[];
}
const current = new AsyncLocalStorage<Joined>();

/** Runs `fn` with MikroORM of every projection bound to `client` (which holds the caller's open transaction). */
export function onProjectionConnection<T>(client: pg.ClientBase, fn: () => Promise<T>): Promise<T> {
  return current.run({ client }, fn);
}

/**
 * Like onProjectionConnection, with the blind writes of `fn` pipelined (see the top of this file):
 * every queued write is sent before `fn`'s result is returned, so the caller may commit right after.
 * If `fn` throws, the queue is dropped: the caller rolls the transaction back.
 */
export function withPipelinedWrites<T>(client: pg.ClientBase, fn: () => Promise<T>): Promise<T> {
  const joined: Joined = { client, writes: [] };
  return current.run(joined, async () => {
    const result = await fn();
    await sendWrites(joined);
    return result;
  });
}

/** Sends the queued writes of this async context now (before a statement that must see them). */
export async function sendQueuedWrites(): Promise<void> {
  const joined = current.getStore();
  if (joined) await sendWrites(joined);
}

async function sendWrites(joined: Joined): Promise<void> {
  const writes = joined.writes;
  if (!writes?.length) return;
  joined.writes = [];
  // Simple query protocol: many statements in one message, run in order inside the open transaction;
  // the first that fails aborts the rest (and the transaction), and its error is thrown here.
  await joined.client.query(writes.join(';\n'));
}

/** A statement that only writes: queued while pipelining. Values are inlined by MikroORM, so no parameters. */
const BLIND_WRITE = /^\s*(insert|update|delete)\s/i;
/** What a queued write answers: not INSERT/UPDATE/DELETE, so Kysely reports no row count; no rows. */
const queued = () => ({ command: 'QUEUED', rowCount: null, rows: [], fields: [] });

// One wrapper per pg client: Kysely keeps its connection objects in a WeakMap keyed by what the pool returns.
const wrappers = new WeakMap<pg.ClientBase, object>();
const joinedPool = {
  async connect() {
    const client = current.getStore()?.client;
    if (!client) throw new Error('a projection EntityManager was used outside the transaction of a projection batch');
    let w = wrappers.get(client);
    if (!w) {
      const send = (...args: unknown[]) => (client as unknown as { query(...a: unknown[]): Promise<unknown> }).query(...args);
      w = {
        query: (text: unknown, params?: unknown[]) => {
          const joined = current.getStore();
          if (joined?.writes && typeof text === 'string' && !params?.length && BLIND_WRITE.test(text)) {
            joined.writes.push(text);
            return Promise.resolve(queued());
          }
          // Anything else may read what the queue writes: the queue goes first.
          return joined?.writes?.length ? sendWrites(joined).then(() => send(text, params)) : send(text, params);
        },
        // The connection is the caller's: nothing to give back.
        release: () => undefined,
      };
      wrappers.set(client, w);
    }
    return w;
  },
  async end() {},
};

class JoinedDriver extends PostgresDriver implements Driver {
  override async beginTransaction(_c: DatabaseConnection, _s: TransactionSettings): Promise<void> {}
  override async commitTransaction(_c: DatabaseConnection): Promise<void> {}
  override async rollbackTransaction(_c: DatabaseConnection): Promise<void> {}
}

class JoinedDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new JoinedDriver({ pool: joinedPool as never });
  }
}

// One ORM per declaration and database (the Migrator checks the database by its name).
const orms = new WeakMap<ProjectionOrm, Map<string, Promise<MikroORM>>>();

export function projectionOrm(spec: ProjectionOrm, database: string): Promise<MikroORM> {
  const byDb = orms.get(spec) ?? new Map<string, Promise<MikroORM>>();
  orms.set(spec, byDb);
  let orm = byDb.get(database);
  if (!orm) {
    orm = MikroORM.init({
      driver: PostgreSqlDriver,
      dbName: database,
      driverOptions: new Kysely({ dialect: new JoinedDialect({ pool: joinedPool as never }) }),
      entities: spec.entities,
      extensions: [Migrator],
      // includeWildcardSchema: the Migrator would otherwise create its table in `public` at init;
      // with it, the table is made where `up({ schema })` runs.
      migrations: { migrationsList: spec.migrations, tableName: MIGRATIONS_TABLE, snapshot: false, transactional: true, allOrNothing: true, includeWildcardSchema: true, silent: true },
      ensureDatabase: false,
      allowGlobalContext: true,
      forceUtcTimezone: true,
      discovery: { warnWhenNoEntities: false },
      debug: false,
    });
    byDb.set(database, orm);
    orm.catch(() => byDb.delete(database));
  }
  return orm;
}

/** The database a pg client is connected to. */
export function databaseOf(client: pg.ClientBase): string {
  const db = (client as unknown as { database?: string; connectionParameters?: { database?: string } }).database ?? (client as { connectionParameters?: { database?: string } }).connectionParameters?.database;
  if (!db) throw new Error('cannot tell which database the projection connection is on');
  return db;
}

// One run at a time per ORM: the runs share its driver and the connection-joining state.
const migrating = new WeakMap<MikroORM, Promise<unknown>>();

/**
 * Creates a version's tables in `schema` by running the projection's migrations there with MikroORM's
 * Migrator, inside the caller's transaction. The Migrator sets and then resets `search_path` around
 * each migration; the caller's SET LOCAL is put back afterwards.
 */
export async function migrateVersionSchema(client: pg.ClientBase, spec: ProjectionOrm, schema: string): Promise<string[]> {
  const orm = await projectionOrm(spec, databaseOf(client));
  const run = async () => {
    // A Migrator per run, not `orm.migrator`: its storage remembers every migrations table it made, and a
    // table made in a transaction that rolled back (Postgres restarted mid-setup) would then be taken as
    // there on every later try, in this process, and the schema never made (orm-projection.int).
    const migrator = new Migrator(orm.em);
    const done = await onProjectionConnection(client, () => migrator.up({ schema }));
    await client.query(`SET LOCAL search_path TO "${schema.replace(/"/g, '""')}", public`);
    return done.map((m) => m.name);
  };
  const next = (migrating.get(orm) ?? Promise.resolve()).then(run, run);
  migrating.set(orm, next.catch(() => undefined));
  return next;
}

/** A fresh EntityManager of the projection's ORM (no schema: unqualified names, the transaction's search_path). */
export async function projectionEm(client: pg.ClientBase, spec: ProjectionOrm): Promise<EntityManager> {
  const orm = await projectionOrm(spec, databaseOf(client));
  return orm.em.fork({ clear: true, useContext: false }) as EntityManager;
}

/**
 * An event's instant for a timestamptz column, exactly as the event carries it. A JS Date keeps
 * milliseconds; an ISO string in the log may carry microseconds (Postgres keeps them), and keyset pages
 * order by them, so handlers write `instant(iso)` rather than `new Date(iso)`.
 */
export const instant = (iso: string): Date => raw('?::timestamptz', [iso]) as unknown as Date;
