// ReadModelGate (ADR 0015) on a real projection runner: an admitting answer is used at once (no wait
// for the log head), a refusal is confirmed at the head first, and the caller's seen position is
// waited for before the first read.
import { Test, type TestingModule } from '@nestjs/testing';
import { CqrsModule, QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { ConsistencyWaiter, type EventMetadata, PostgresEventStore, type Projection, ProjectionRunner, withTables } from '@academy/event-store';
import { tablesFromSql } from '@academy/testing/tables';
import { ormOptions } from '../orm.js';
import { ReadModelGate } from './read-model-gate.js';

const NAME = 'gate_assignments';
const projection: Projection = {
  name: NAME,
  version: 1,
  orm: tablesFromSql('Migration_gate_assignments', ['CREATE TABLE assigned (teacher text PRIMARY KEY)']),
  handlers: withTables(
    { writes: ['assigned'] },
    { TeacherAssigned: async (e, tx) => void (await tx.query('INSERT INTO assigned VALUES ($1) ON CONFLICT DO NOTHING', [(e.data as { teacher: string }).teacher])) },
  ),
};
const meta: EventMetadata = { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-24T00:00:00.000Z' };

let db: TestDatabase;
let store: PostgresEventStore;
let waiter: ConsistencyWaiter;
let gate: ReadModelGate;
let orm: MikroORM;
let buses: TestingModule;
let runner: ProjectionRunner | null = null;
const startRunner = () => (runner = new ProjectionRunner({ store, pool: db.pool, projection, batchSize: 50, standbyPollMs: 50 }).start());
const stopRunner = async () => {
  await runner?.stop();
  runner = null;
};
const assign = async (teacher: string) => (await store.append(`assignment-${teacher}`, [{ type: 'TeacherAssigned', data: { teacher }, metadata: meta }], 0)).lastPosition;

beforeAll(async () => {
  db = await createTestDatabase('gate');
  store = new PostgresEventStore({ pool: db.pool, masterKey: Buffer.alloc(32, 3) });
  await store.migrate();
  waiter = new ConsistencyWaiter({ pool: db.pool, pollIntervalMs: 100 });
  orm = await MikroORM.init(ormOptions(db.url));
  buses = await Test.createTestingModule({ imports: [CqrsModule.forRoot()] }).compile();
  gate = new ReadModelGate(waiter, store, orm.em, buses.get(QueryBus));
  startRunner();
  await waiter.wait([NAME], await assign('t0'), 10_000);
});
afterAll(async () => {
  await stopRunner();
  await waiter.close();
  await buses.close();
  await orm.close();
  await store.close();
  await db.drop();
});

/** The check a command makes: is `teacher` assigned? Counts its reads. */
function isAssigned(teacher: string) {
  const reads = { n: 0 };
  const read = async () => {
    reads.n++;
    return (await db.pool.query(`SELECT 1 FROM ${NAME}.assigned WHERE teacher = $1`, [teacher])).rowCount === 1;
  };
  return { reads, read };
}

it('uses an admitting answer at once, even with the projection behind the head', async () => {
  await stopRunner(); // the read model lags from here on
  await assign('t-later');
  const check = isAssigned('t0');
  const t0 = Date.now();
  expect(await gate.check([NAME], check.read, (v) => v)).toBe(true);
  expect(check.reads.n).toBe(1);
  expect(Date.now() - t0).toBeLessThan(2500); // no wait for the head: with the runner stopped that wait would last the whole 3 s bound
  startRunner();
  await waiter.wait([NAME], await store.headPosition(), 10_000);
});

it('confirms a refusal at the head: an assignment the read model has not shown yet still counts', async () => {
  await stopRunner();
  await assign('t1');
  const check = isAssigned('t1');
  setTimeout(startRunner, 300); // the projection catches up while the command waits
  expect(await gate.check([NAME], check.read, (v) => v)).toBe(true);
  expect(check.reads.n).toBe(2); // refused once, confirmed at the head, admitted
});

it('answers a refusal that is true after confirming it at the head', async () => {
  const check = isAssigned('nobody');
  expect(await gate.check([NAME], check.read, (v) => v)).toBe(false);
  expect(check.reads.n).toBe(2);
});

it("waits for the caller's seen position before its first read", async () => {
  await stopRunner();
  const seen = await assign('t2');
  const check = isAssigned('t2');
  setTimeout(startRunner, 300);
  expect(await gate.check([NAME], check.read, (v) => v, seen)).toBe(true);
  expect(check.reads.n).toBe(1); // the first read already saw it
});
