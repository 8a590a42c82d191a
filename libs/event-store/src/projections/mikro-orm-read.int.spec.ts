// The read side as the app uses it: a MikroORM 7 entity mapped onto the projection's read schema
// (views onto the live version's tables) sees the new version's rows right after a swap.
import { defineEntity, p } from '@mikro-orm/core';
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { allEvents, demoProjection, expectedBalances, seed, testStore, until } from './demo-fixture.test.js';
import { ensureControlSchema } from './control.js';
import { ProjectionRunner } from './runner.js';

const Balance = defineEntity({
  name: 'DemoBalance',
  schema: 'demo_accounts',
  tableName: 'balances',
  properties: {
    account: p.string().primary(),
    balance: p.bigint('number'),
    events: p.integer(),
  },
});

let db: TestDatabase;
let store: PostgresEventStore;
let orm: MikroORM;
const runners: ProjectionRunner[] = [];

beforeAll(async () => {
  db = await createTestDatabase('mikro_read');
  store = await testStore(db.pool);
  await ensureControlSchema(db.pool, 'projections');
  orm = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: db.url, entities: [Balance], discovery: { warnWhenNoEntities: false }, debug: false });
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await orm?.close(true);
  await store?.close();
  await db?.drop();
});

it('reads the live version through its views, before and after a version swap', async () => {
  await seed(store, 0, 200, 100);
  const version = async (v: number, factor: number) => {
    const r = new ProjectionRunner({ store, pool: db.pool, projection: demoProjection({ version: v, factor }), batchSize: 50 }).start();
    runners.push(r);
    await until(async () => (await db.pool.query(`SELECT 1 FROM projections.checkpoints WHERE version = $1 AND status = 'live' AND position = 200`, [v])).rowCount === 1, 10_000, `v${v} live`);
  };
  const read = async () => (await orm.em.fork().find(Balance, {}))
      .map((b) => ({ account: b.account, balance: Number(b.balance), events: b.events }))
      .sort((a, b) => (a.account < b.account ? -1 : 1));
  const expected = expectedBalances(await allEvents(store)).sort((a, b) => (a.account < b.account ? -1 : 1));

  await version(1, 1);
  expect(await read()).toEqual(expected);
  await version(2, 10);
  expect(await read()).toEqual(expected.map((b) => ({ ...b, balance: b.balance * 10 })));
});
