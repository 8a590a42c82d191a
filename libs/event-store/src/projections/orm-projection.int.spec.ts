// A projection written through MikroORM (ADR 0018) under the real runner: its version schema is made
// by the Migrator, its EntityManager writes inside the batch transaction (a refused event leaves
// nothing of its batch behind, the events before it commit with their checkpoint), and the audit and a
// rebuild compute the same tables.
import { defineEntity, p } from '@mikro-orm/core';
import { raw } from '@mikro-orm/postgresql';
import { jest } from '@jest/globals';
import pg from 'pg';
import { Migration } from '@mikro-orm/migrations';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { auditReplay } from '../audit/replay.js';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import type { StoredEvent } from '../port.js';
import { setupSchema } from './apply.js';
import { withTables } from './apply-order.js';
import { ensureControlSchema } from './control.js';
import { allEvents, expectedBalances, seed, testStore, until } from './demo-fixture.test.js';
import type { ProjectionOrm } from './orm.js';
import { rebuildProjection } from './rebuild.js';
import { ProjectionRunner } from './runner.js';
import type { Projection, ProjectionTx } from './types.js';

const Balance = defineEntity({
  name: 'DemoOrmBalance',
  tableName: 'balances',
  properties: { account: p.text().primary(), balance: p.bigint('number'), events: p.integer() },
});

class Migration20261124000000_demo_orm extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "balances" ("account" text not null, "balance" bigint not null, "events" int not null, primary key ("account"));');
  }
}

const orm: ProjectionOrm = { entities: [Balance], migrations: [{ name: 'Migration20261124000000_demo_orm', class: Migration20261124000000_demo_orm }] };

/** Balances through the unit of work: loaded once per batch, changed in memory, flushed by the runner before its checkpoint. */
function ormProjection(failOn?: (e: StoredEvent) => boolean): Projection {
  const move = (sign: number) => async (e: StoredEvent, tx: ProjectionTx) => {
    if (failOn?.(e)) throw new Error(`refusing event ${e.position} (test)`);
    const d = e.data as { account: string; amount: number };
    const b = (await tx.em.findOne(Balance, { account: d.account })) ?? tx.em.create(Balance, { account: d.account, balance: 0, events: 0 });
    // Deliberately not idempotent: an event applied twice, or a batch half kept, shows in the totals.
    b.balance += sign * d.amount;
    b.events += 1;
  };
  return { name: 'demo_orm', version: 1, orm, handlers: withTables({ writes: ['balances'] }, { Deposited: move(1), Withdrawn: move(-1) }) };
}

let db: TestDatabase;
let store: PostgresEventStore;
const runners: ProjectionRunner[] = [];

beforeEach(async () => {
  db = await createTestDatabase('orm_projection');
  store = await testStore(db.pool);
  await ensureControlSchema(db.pool, 'projections');
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
});

const start = (projection: Projection) => {
  const r = new ProjectionRunner({ store, pool: db.pool, projection, batchSize: 100, standbyPollMs: 100, maxAttempts: 1, retryDelayMs: 10 }).start();
  runners.push(r);
  return r;
};
const live = async () => (await db.pool.query<{ position: string; failing_position: string | null; schema_name: string }>(`SELECT position, failing_position, schema_name FROM projections.checkpoints WHERE name = 'demo_orm'`)).rows[0];
const balances = async () =>
  (await db.pool.query<{ account: string; balance: string; events: number }>('SELECT account, balance, events FROM demo_orm.balances ORDER BY account')).rows.map((r) => ({ ...r, balance: Number(r.balance) }));
const sorted = <T extends { account: string }>(list: T[]) => [...list].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));

it('builds the version schema with the Migrator and reads through the views only the read tables', async () => {
  const head = await seed(store, 0, 450, 150);
  start(ormProjection());
  await until(async () => Number((await live())?.position ?? -1) === head, 15_000, 'caught up');
  expect(await balances()).toEqual(sorted(expectedBalances(await allEvents(store))));
  const { rows: ran } = await db.pool.query('SELECT name FROM demo_orm__v1.mikro_orm_migrations');
  expect(ran).toEqual([{ name: 'Migration20261124000000_demo_orm' }]);
  const { rows: views } = await db.pool.query(`SELECT viewname FROM pg_views WHERE schemaname = 'demo_orm'`);
  expect(views).toEqual([{ viewname: 'balances' }]);
  // Nothing of MikroORM's leaked into the default schema.
  const { rows: stray } = await db.pool.query(`SELECT schemaname FROM pg_tables WHERE tablename = 'mikro_orm_migrations'`);
  expect(stray).toEqual([{ schemaname: 'demo_orm__v1' }]);

  const audit = await auditReplay({ store, pool: db.pool, projections: [ormProjection()] });
  expect(audit.projections.map((a) => [a.name, a.result])).toEqual([['demo_orm', 'equal']]);
  const rebuilt = await rebuildProjection({ store, pool: db.pool, projections: [ormProjection()], name: 'demo_orm' });
  expect(rebuilt.position).toBe(head);
  expect(await balances()).toEqual(sorted(expectedBalances(await allEvents(store))));
});

it('commits the EntityManager writes with the checkpoint: a refused event leaves its batch unapplied', async () => {
  const head = await seed(store, 0, 300, 100);
  const events = await allEvents(store);
  const refused = events.find((e) => e.type === 'Deposited' && e.position > 150)!;
  start(ormProjection((e) => e.position === refused.position));
  await until(async () => (await live())?.failing_position != null, 15_000, 'failing');
  const row = await live();
  // Narrowed (ADR 0010): the events before the refused one are in, with their checkpoint; nothing after.
  expect(Number(row.failing_position)).toBe(refused.position);
  expect(Number(row.position)).toBe(refused.position - 1);
  expect(await balances()).toEqual(sorted(expectedBalances(events.filter((e) => e.position < refused.position))));
  expect(head).toBeGreaterThan(refused.position);
});

/**
 * The same balances written the way the academy's projections write: blind QueryBuilder statements
 * (one upsert per event) and, every tenth event, a read of what the batch wrote so far.
 */
function blindWriteProjection(reads: number[], failOn?: (e: StoredEvent) => boolean): Projection {
  const move = (sign: number) => async (e: StoredEvent, tx: ProjectionTx) => {
    const d = e.data as { account: string; amount: number };
    await tx.em
      .createQueryBuilder(Balance)
      .insert({ account: d.account, balance: sign * d.amount, events: 1 })
      .onConflict('account')
      .merge({ balance: raw(`balances.balance + ${sign * d.amount}`), events: raw('balances.events + 1') })
      .execute();
    // A write that Postgres refuses (not null), queued like the others: it fails at the send.
    if (failOn?.(e)) await tx.em.createQueryBuilder(Balance).update({ balance: raw('null') }).where({ account: d.account }).execute();
    if (e.position % 10 === 0) {
      const row = await tx.em.createQueryBuilder(Balance).select('balance').where({ account: d.account }).execute('get');
      reads.push(Number(row.balance));
    }
  };
  return { name: 'demo_orm', version: 1, orm, handlers: withTables({ writes: ['balances'] }, { Deposited: move(1), Withdrawn: move(-1) }) };
}

it('pipelines the blind writes of a batch: one round trip per batch and per read, reads see the writes queued before them', async () => {
  const head = await seed(store, 0, 300, 100);
  const events = await allEvents(store);
  // Counts the round trips that touch the projection's table while the runner applies batches:
  // without the pipeline, one per statement (300 upserts and 30 reads).
  let sent = 0;
  const query = pg.Client.prototype.query;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'string' && args[0].includes('"balances"')) sent += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  const reads: number[] = [];
  try {
    start(blindWriteProjection(reads));
    await until(async () => Number((await live())?.position ?? -1) === head, 15_000, 'caught up');
  } finally {
    spy.mockRestore();
  }
  expect(await balances()).toEqual(sorted(expectedBalances(events)));
  // Each read saw its account's balance after every event up to and including its own.
  const expectedReads = events
    .filter((e) => e.position % 10 === 0 && (e.type === 'Deposited' || e.type === 'Withdrawn'))
    .map((e) => expectedBalances(events.filter((x) => x.position <= e.position)).find((b) => b.account === (e.data as { account: string }).account)!.balance);
  expect(reads).toEqual(expectedReads);
  // 300 events, 30 reads: each read, and the queue before it, are a round trip each; a batch's end one more.
  expect(sent).toBeLessThan(100);
});

it('a queued write that fails fails its batch: narrowed to its event, nothing after it applied', async () => {
  await seed(store, 0, 300, 100);
  const events = await allEvents(store);
  const refused = events.find((e) => e.type === 'Deposited' && e.position > 150 && e.position % 10 !== 0)!;
  start(blindWriteProjection([], (e) => e.position === refused.position));
  await until(async () => (await live())?.failing_position != null, 15_000, 'failing');
  const row = await live();
  expect(Number(row.failing_position)).toBe(refused.position);
  expect(Number(row.position)).toBe(refused.position - 1);
  expect(await balances()).toEqual(sorted(expectedBalances(events.filter((e) => e.position < refused.position))));
});

it('makes a version schema again after a transaction that made it rolled back (the Migrator remembers no table it made)', async () => {
  // A worker whose first try at a version schema died with its transaction (Postgres restarted, the lock
  // connection dropped) tries again in the same process: MikroORM's migration storage keeps the tables it
  // made, so a shared Migrator would skip making its table in the new try and fail there, every try.
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await setupSchema(client, ormProjection(), 'demo_orm__v1');
    await client.query('ROLLBACK');
    await client.query('BEGIN');
    await setupSchema(client, ormProjection(), 'demo_orm__v1');
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const { rows } = await db.pool.query('SELECT name FROM demo_orm__v1.mikro_orm_migrations');
  expect(rows).toEqual([{ name: 'Migration20261124000000_demo_orm' }]);
  // And the runner goes on from there.
  const head = await seed(store, 0, 150, 150);
  start(ormProjection());
  await until(async () => Number((await live())?.position ?? -1) === head, 15_000, 'caught up');
});
