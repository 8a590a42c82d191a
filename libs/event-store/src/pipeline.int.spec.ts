// The command pipeline (ADR 0015) on the real Postgres adapter: a declared retry policy under
// concurrent writers, atomic appends to several streams, derived event ids, the If-Match guard, and
// the declared answer to a conflict.
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import pg from 'pg';
import { type Decider, DomainError } from './decider.js';
import { Retry, runCommand, StaleVersionError } from './pipeline.js';
import { ConcurrencyError, type EventMetadata } from './port.js';
import { TEST_MASTER_KEY } from './postgres/pg-harness.test.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

let db: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('es_pipeline');
  pool = new pg.Pool({ connectionString: db.url, max: 12 });
  store = new PostgresEventStore({ pool, masterKey: TEST_MASTER_KEY });
  await store.migrate();
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const meta: EventMetadata = { actorId: 'u1', actorRole: 'admin', correlationId: 'c', causationId: null, occurredAt: '2026-11-24T00:00:00.000Z' };

// A counter that hands out numbers: every take is judged on the count it read.
type Counter = { taken: number };
type Take = { type: 'Take' };
type Taken = { type: 'NumberTaken'; data: { n: number } };
const counter: Decider<Take, Taken, Counter> = {
  initialState: () => ({ taken: 0 }),
  evolve: (s) => ({ taken: s.taken + 1 }),
  decide: (_c, s) => [{ type: 'NumberTaken', data: { n: s.taken + 1 } }],
};
// A seat that can be claimed once.
type Seat = { holder: string | null };
type Claim = { type: 'Claim'; by: string };
type Claimed = { type: 'SeatClaimed'; data: { by: string } };
const seat: Decider<Claim, Claimed, Seat> = {
  initialState: () => ({ holder: null }),
  evolve: (_s, e) => ({ holder: (e.data as { by: string }).by }),
  decide: (c, s) => {
    if (s.holder) throw new DomainError('conflict', 'taken');
    return [{ type: 'SeatClaimed', data: { by: c.by } }];
  },
};

/** Resolves once `n` callers arrived: every first try reads before any of them appends (a real race, every run). */
function barrier(n: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === n) open();
    return opened;
  };
}

const take = (stream: string, retry = Retry.never, allRead?: () => Promise<void>) =>
  runCommand(store, meta, {
    retry,
    execute: async (unit) => {
      const s = await unit.load(stream, counter);
      if (unit.attempt === 0 && allRead) await allRead();
      return unit.decide(s, counter, { type: 'Take' })[0].data.n;
    },
  });

it('a declared retry policy decides again on what the winner wrote: 16 concurrent takes get 16 distinct numbers', async () => {
  const allRead = barrier(16);
  const outcomes = await Promise.all(Array.from({ length: 16 }, () => take('counter-retry', Retry.onConflict(40), allRead)));
  expect(outcomes.map((o) => o.value).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  // All read version 0 first: one wins the first round, the other 15 had to decide again.
  expect(outcomes.filter((o) => o.tries > 1)).toHaveLength(15);
  expect((await store.readStream('counter-retry')).map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
});

it('without a retry policy, the losers of a race get the ConcurrencyError and write nothing', async () => {
  const allRead = barrier(8);
  const settled = await Promise.allSettled(Array.from({ length: 8 }, () => take('counter-never', Retry.never, allRead)));
  const won = settled.filter((s) => s.status === 'fulfilled');
  const lost = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(7);
  for (const l of lost) expect(l.reason).toBeInstanceOf(ConcurrencyError);
  expect(await store.readStream('counter-never')).toHaveLength(won.length);
});

it('appends to several streams atomically: a refused or conflicting part writes nothing anywhere', async () => {
  // Claim a seat and take a number in one step.
  const claimAndTake = (by: string) =>
    runCommand(store, meta, {
      retry: Retry.onConflict(20),
      execute: async (unit) => {
        unit.decide(await unit.load('seat-1', seat), seat, { type: 'Claim', by });
        return unit.decide(await unit.load('counter-multi', counter), counter, { type: 'Take' })[0].data.n;
      },
    });
  const settled = await Promise.allSettled(['a', 'b', 'c', 'd'].map(claimAndTake));
  expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
  for (const s of settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected')) expect(s.reason).toMatchObject({ kind: 'conflict', message: 'taken' });
  expect(await store.readStream('seat-1')).toHaveLength(1);
  expect(await store.readStream('counter-multi')).toHaveLength(1);
  const winner = settled.find((s): s is PromiseFulfilledResult<Awaited<ReturnType<typeof claimAndTake>>> => s.status === 'fulfilled')!.value;
  expect(winner.streamVersions).toEqual({ 'seat-1': 1, 'counter-multi': 1 });
});

it('derived event ids make a replayed command append nothing the second time', async () => {
  const notify = () =>
    runCommand(store, meta, {
      idempotencyKey: 'reaction-to-event-42',
      execute: (unit) => unit.emit('inbox-7', [{ type: 'NoticeSent', data: { about: 42 } }], 'any'),
    });
  const first = await notify();
  const again = await notify();
  expect(await store.readStream('inbox-7')).toHaveLength(1);
  expect(again.position).toBe(first.position);
});

it('the version the user saw (If-Match) is checked before deciding and never retried', async () => {
  await take('counter-match');
  let decided = 0;
  const stale = runCommand(store, meta, {
    retry: Retry.onConflict(10),
    execute: async (unit) => {
      const s = await unit.load('counter-match', counter, { expectedVersion: 0 });
      decided++;
      unit.decide(s, counter, { type: 'Take' });
    },
  });
  await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
  expect(decided).toBe(0);
  expect(await store.readStream('counter-match')).toHaveLength(1);
});

it('a command that decides nothing appends nothing and answers the position it read', async () => {
  const { position } = await take('counter-quiet');
  const quiet = await runCommand(store, meta, { execute: async (unit) => void (await unit.load('counter-quiet', counter)) });
  expect(quiet).toMatchObject({ appended: false, position, streamVersions: {} });
});

it('a declared conflict answer replaces every conflict that reaches the caller, and nothing else', async () => {
  const changed = (e: ConcurrencyError) => new DomainError('conflict', `changed meanwhile (${e instanceof StaleVersionError ? 'stale' : 'race'})`);
  const allRead = barrier(4);
  const racing = () =>
    runCommand(store, meta, {
      conflict: changed,
      execute: async (unit) => {
        const s = await unit.load('counter-conflict', counter);
        if (unit.attempt === 0) await allRead();
        unit.decide(s, counter, { type: 'Take' });
      },
    });
  const settled = await Promise.allSettled(Array.from({ length: 4 }, racing));
  const lost = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
  expect(lost).toHaveLength(3);
  for (const l of lost) expect(l.reason).toMatchObject({ name: 'DomainError', kind: 'conflict', message: 'changed meanwhile (race)' });
  const stale = runCommand(store, meta, { conflict: changed, execute: (unit) => unit.load('counter-conflict', counter, { expectedVersion: 0 }) });
  await expect(stale).rejects.toMatchObject({ kind: 'conflict', message: 'changed meanwhile (stale)' });
  // A rule's own refusal is the decider's answer, not a conflict of versions.
  const claim = (by: string) => runCommand(store, meta, { conflict: changed, execute: async (unit) => void unit.decide(await unit.load('seat-conflict', seat), seat, { type: 'Claim', by }) });
  await claim('a');
  await expect(claim('b')).rejects.toMatchObject({ kind: 'conflict', message: 'taken' });
});
