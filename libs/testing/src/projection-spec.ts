// Imported as '@academy/testing/projection' (not from the index: it needs jest's hooks, the index serves benchmarks too).
// A projection's test: given events → the projection's handlers against real Postgres → the rows.
// The events go through the real event store (so published events are checked against their schemas
// and upcast on read, ADR 0017) and the projection is built by the same code as a rebuild
// (buildProjectionInto), into tables of its own: no mock anywhere, one database per test file, one
// log and one projection schema per scenario.
//
//   const spec = projectionSpec(() => gradingProjection);
//   it('…', async () => {
//     const t = await spec.given([event('program-p1', 'ProgramCreated', { programId: P1, … }), …]);
//     expect(await t.rows('SELECT id, name FROM programs')).toEqual([{ id: P1, name: 'Evening' }]);
//   });
//
// A projection's set (ADR 0035) is checked against itself writing runs of one event:
// `given(log, { eventByEvent: true })` is the reference whose rows the test asserts, and
// `given(log, { batchSize })` of every size must leave its tables.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import pg from 'pg';
import type { Options } from '@mikro-orm/core';
import { type EntityManager, MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { publishedEventSchemas } from '@academy/contracts';
import { buildProjectionInto, PostgresEventStore, type PersonalData, type Projection, type SetHandler } from '@academy/event-store';
import { createTestDatabase, type TestDatabase } from './database.js';

/** One event of a scenario, in log order. */
export interface GivenEvent {
  stream: string;
  type: string;
  data: unknown;
  /** The personal part (encrypted in the store under its subject's key, decrypted on read). */
  personal?: PersonalData;
  id?: string;
  /** Defaults to a clock that advances one second per event from 2026-01-01T00:00:00Z. */
  occurredAt?: string;
  actorId?: string | null;
  /**
   * Stored as an earlier producer wrote it, at this schema version, WITHOUT the published schemas'
   * check (which accepts only the current version): how a test puts history into the log.
   */
  legacyVersion?: number;
}

/** Shorthand for a GivenEvent. */
export function event(stream: string, type: string, data: unknown, more: Omit<GivenEvent, 'stream' | 'type' | 'data'> = {}): GivenEvent {
  return { stream, type, data, ...more };
}

export interface ProjectionScenario {
  /** The scenario's event store (e.g. to erase a subject, then `rebuild()`). */
  store: PostgresEventStore;
  /** Every row of every read table, as JSON, in a stable order (to compare two builds of the same log). */
  tables(): Promise<Record<string, unknown[]>>;
  /** Rows of a query run against the projection's tables (unqualified names, as its handlers use). */
  rows<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Appends more events and builds the projection again from position 0 (a replay of the whole log). */
  andThen(events: GivenEvent[]): Promise<ProjectionScenario>;
  /** Builds the projection again from position 0 into fresh tables: what a rebuild computes now. */
  rebuild(): Promise<ProjectionScenario>;
}

export interface ProjectionSpec {
  /**
   * `batchSize`: events per transaction of the build (default 2000: the whole scenario in one).
   * `eventByEvent`: built by `eventByEvent(projection)`, the reference its batches must equal.
   */
  given(events: GivenEvent[], options?: { batchSize?: number; eventByEvent?: boolean }): Promise<ProjectionScenario>;
  /** The test file's database (for a query the scenario does not cover). */
  database(): TestDatabase;
}

const MASTER_KEY = Buffer.alloc(32, 7);

/**
 * The projection with each of its sets writing runs of one event: the events one at a time, which a
 * set's runs of any length must leave too (ADR 0035). The only per-event reference of a set: a set
 * keeps no second implementation, and a run of one event is always one it expresses.
 */
export function eventByEvent(projection: Projection): Projection {
  const alone = (set: SetHandler): SetHandler => ({
    types: set.types,
    writes: set.writes,
    reads: set.reads,
    start: (e) => set.start(e),
    add: () => false,
    write: (run, tx) => set.write(run, tx),
  });
  return { ...projection, sets: projection.sets?.map(alone) };
}
const CLOCK_START = Date.parse('2026-01-01T00:00:00.000Z');

/**
 * Registers beforeAll/afterAll (one database for the file) and returns the spec. `projection` is a
 * function so a projection built from other parts (notifications' templates) can be made per file.
 */
export function projectionSpec(projection: () => Projection, label = 'projection'): ProjectionSpec {
  let db: TestDatabase | null = null;
  const stores: PostgresEventStore[] = [];
  let scenarios = 0;

  beforeAll(async () => {
    db = await createTestDatabase(label);
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await db?.drop();
  });

  const database = () => {
    if (!db) throw new Error('projectionSpec: the database is made in beforeAll; call given() inside a test');
    return db;
  };

  return {
    database,
    async given(events, options = {}) {
      const { pool } = database();
      const n = ++scenarios;
      const logSchema = `log_${n}`;
      const store = new PostgresEventStore({ pool, masterKey: MASTER_KEY, schema: logSchema, schemas: publishedEventSchemas });
      // History as an older producer wrote it: the same log, no published-schema check.
      const legacy = new PostgresEventStore({ pool, masterKey: MASTER_KEY, schema: logSchema });
      stores.push(store, legacy);
      await store.migrate();
      let clock = 0;
      let builds = 0;
      const p = options.eventByEvent ? eventByEvent(projection()) : projection();

      const append = async (list: GivenEvent[]) => {
        for (const e of list) {
          const occurredAt = e.occurredAt ?? new Date(CLOCK_START + 1000 * clock++).toISOString();
          const metadata = { actorId: e.actorId ?? null, actorRole: null, correlationId: randomUUID(), causationId: null, occurredAt };
          const writer = e.legacyVersion === undefined ? store : legacy;
          await writer.append(e.stream, [{ id: e.id, type: e.type, data: e.data, personal: e.personal, schemaVersion: e.legacyVersion, metadata }], 'any');
        }
      };

      const build = async (): Promise<ProjectionScenario> => {
        const schema = `${p.name.replace(/[^a-z0-9_]/g, '_')}_${n}_${++builds}`.slice(0, 60);
        await buildProjectionInto(pool, p, schema, store, options);
        const scenario: ProjectionScenario = {
          store,
          async rows<R extends pg.QueryResultRow>(sql: string, params?: unknown[]) {
            const client = await pool.connect();
            try {
              await client.query('BEGIN READ ONLY');
              await client.query(`SET LOCAL search_path TO "${schema}", public`);
              const { rows } = await client.query<R>(sql, params);
              await client.query('COMMIT');
              return rows;
            } catch (e) {
              await client.query('ROLLBACK').catch(() => {});
              throw e;
            } finally {
              client.release();
            }
          },
          async tables() {
            const { rows: tables } = await pool.query<{ t: string }>(
              `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = $1 AND table_name <> 'mikro_orm_migrations' ORDER BY 1`,
              [schema],
            );
            const all: Record<string, unknown[]> = {};
            for (const { t } of tables) all[t] = await scenario.rows(`SELECT to_jsonb(r) AS row FROM "${t}" r ORDER BY to_jsonb(r)::text`);
            return all;
          },
          async andThen(more) {
            await append(more);
            return build();
          },
          rebuild: build,
        };
        return scenario;
      };

      await append(events);
      return build();
    },
  };
}

/** A database with a log (schema `log`, published schemas checked) and, given entities, a MikroORM over them. */
export interface LogDatabase {
  db: TestDatabase;
  store: PostgresEventStore;
  /** Only when `entities` were given. */
  em: EntityManager;
}

/**
 * Registers beforeAll/afterAll for a test file that reads a context's read model (its `*.read.ts`
 * against a projection built from given events) or compares migrations: one database, its log, and
 * an EntityManager over `entities`. The fields are set in beforeAll; use them inside tests.
 */
export function logDatabase(label: string, options: { entities?: Options['entities']; published?: boolean } = {}): LogDatabase {
  const fixture = {} as LogDatabase;
  let orm: MikroORM | null = null;
  beforeAll(async () => {
    fixture.db = await createTestDatabase(label);
    fixture.store = new PostgresEventStore({ pool: fixture.db.pool, masterKey: MASTER_KEY, schema: 'log', schemas: options.published === false ? undefined : publishedEventSchemas });
    await fixture.store.migrate();
    if (options.entities) {
      orm = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: fixture.db.url, entities: options.entities, discovery: { warnWhenNoEntities: false }, debug: false });
      fixture.em = orm.em as EntityManager;
    }
  });
  afterAll(async () => {
    await orm?.close(true);
    await fixture.store?.close();
    await fixture.db?.drop();
  });
  return fixture;
}
