// TEST ONLY: a tiny demo aggregate (bank-like accounts) and its projection, for the projection,
// audit and dispatch tests, the SIGKILL child and the benchmarks. Not built, not exported.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore, NewEvent, StoredEvent } from '../port.js';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { tablesFromSql } from '@academy/testing/tables';
import { withTables } from './apply-order.js';
import type { Projection, ProjectionTx, SetHandler } from './types.js';

export const TEST_KEY = Buffer.alloc(32, 7);

export function testStore(pool: pg.Pool, schema = 'event_store'): Promise<PostgresEventStore> {
  const store = new PostgresEventStore({ pool, masterKey: TEST_KEY, schema, pollIntervalMs: 200, retry: { initialMs: 20, maxMs: 500 } });
  return store.migrate().then(() => store);
}

const meta = () => ({ actorId: null, actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

/** The i-th event of the demo log (deterministic in i, so expectations can be computed). */
export function demoEvent(i: number): NewEvent {
  if (i % 50 === 0) return { type: 'AccountOpened', data: { account: `a${i % 37}`, seq: i }, metadata: meta() };
  if (i % 5 === 0) return { type: 'Withdrawn', data: { account: `a${i % 37}`, amount: (i % 13) + 1 }, metadata: meta() };
  return { type: 'Deposited', data: { account: `a${i % 37}`, amount: (i % 97) + 1 }, metadata: meta() };
}

/** Appends events [from, from + n) in appends of `batch` events (group-appended when concurrent). */
export async function seed(store: EventStore, from: number, n: number, batch = 1000): Promise<number> {
  let last = 0;
  const appends: Promise<void>[] = [];
  for (let start = from; start < from + n; start += batch) {
    const events = Array.from({ length: Math.min(batch, from + n - start) }, (_, k) => demoEvent(start + k));
    appends.push(store.append(`account-batch-${start}`, events, 'any').then((r) => void (last = Math.max(last, r.lastPosition))));
    if (appends.length >= 4) await Promise.all(appends.splice(0));
  }
  await Promise.all(appends);
  return last;
}

export interface Balance {
  account: string;
  balance: number;
  events: number;
}

/** What the projection must hold after `events` (computed in memory, independently of SQL). */
export function expectedBalances(events: StoredEvent[]): Balance[] {
  const m = new Map<string, Balance>();
  for (const e of events) {
    const d = e.data as { account: string; amount?: number };
    const b = m.get(d.account) ?? { account: d.account, balance: 0, events: 0 };
    if (e.type === 'Deposited') b.balance += d.amount!;
    else if (e.type === 'Withdrawn') b.balance -= d.amount!;
    else continue;
    b.events += 1;
    m.set(d.account, b);
  }
  return [...m.values()].sort((a, b) => a.account.localeCompare(b.account));
}

// One ProjectionOrm for every demo projection: each gets its own MikroORM instance.
const DEMO_TABLES = tablesFromSql('Migration_demo_accounts', [
  'CREATE TABLE balances (account text PRIMARY KEY, balance bigint NOT NULL, events integer NOT NULL, last_position bigint NOT NULL)',
  'CREATE TABLE openings (account text NOT NULL, seq integer NOT NULL, position bigint PRIMARY KEY)',
]);

/** A batch's run folded: each account's change, and the openings in log order. */
interface DemoRun {
  accounts: Map<string, { delta: number; n: number; last: number }>;
  opened: { account: string; seq: number; position: number }[];
}

/**
 * The demo projection. Increments are deliberately NOT idempotent (balance = balance + x), and an
 * opening is a plain INSERT on the event's position: an event applied twice shows as a wrong total
 * or a key violation, an event lost as a missing amount. Style `handlers`: one event at a time; `set`
 * (the default): the whole batch folded into one run, written with two multi-row statements.
 */
export function demoProjection(options: { name?: string; version?: number; style?: 'handlers' | 'set'; factor?: number; failOn?: (e: StoredEvent) => boolean } = {}): Projection {
  const factor = options.factor ?? 1;
  const name = options.name ?? 'demo_accounts';
  const version = options.version ?? 1;
  const fail = (e: StoredEvent) => {
    if (options.failOn?.(e)) throw new Error(`demo projection: refusing event ${e.position} (test)`);
  };
  if (options.style === 'handlers') {
    const move = (sign: number) => async (e: StoredEvent, tx: ProjectionTx) => {
      fail(e);
      const d = e.data as { account: string; amount: number };
      await tx.query(
        `INSERT INTO balances (account, balance, events, last_position) VALUES ($1, $2, 1, $3)
         ON CONFLICT (account) DO UPDATE SET balance = balances.balance + excluded.balance, events = balances.events + 1, last_position = excluded.last_position`,
        [d.account, sign * d.amount * factor, e.position],
      );
    };
    const open = async (e: StoredEvent, tx: ProjectionTx) => {
      fail(e);
      const d = e.data as { account: string; seq: number };
      await tx.query(`INSERT INTO openings (account, seq, position) VALUES ($1, $2, $3)`, [d.account, d.seq, e.position]);
    };
    return {
      name,
      version,
      orm: DEMO_TABLES,
      handlers: { ...withTables({ writes: ['balances'] }, { Deposited: move(1), Withdrawn: move(-1) }), ...withTables({ writes: ['openings'] }, { AccountOpened: open }) },
    };
  }
  const fold = (run: DemoRun, e: StoredEvent) => {
    fail(e);
    const d = e.data as { account: string; amount: number; seq: number };
    if (e.type === 'AccountOpened') {
      run.opened.push({ account: d.account, seq: d.seq, position: e.position });
      return true;
    }
    const a = run.accounts.get(d.account) ?? { delta: 0, n: 0, last: 0 };
    a.delta += (e.type === 'Deposited' ? 1 : -1) * d.amount * factor;
    a.n += 1;
    a.last = e.position;
    run.accounts.set(d.account, a);
    return true;
  };
  const set: SetHandler<DemoRun> = {
    types: ['AccountOpened', 'Deposited', 'Withdrawn'],
    writes: ['balances', 'openings'],
    start(e) {
      const run: DemoRun = { accounts: new Map(), opened: [] };
      fold(run, e);
      return run;
    },
    add: fold,
    async write({ accounts, opened }, tx) {
      if (accounts.size) {
        const keys = [...accounts.keys()];
        await tx.query(
          `INSERT INTO balances (account, balance, events, last_position)
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::bigint[])
           ON CONFLICT (account) DO UPDATE SET balance = balances.balance + excluded.balance, events = balances.events + excluded.events, last_position = excluded.last_position`,
          [keys, keys.map((k) => accounts.get(k)!.delta), keys.map((k) => accounts.get(k)!.n), keys.map((k) => accounts.get(k)!.last)],
        );
      }
      if (opened.length) {
        await tx.query(`INSERT INTO openings (account, seq, position) SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[])`, [
          opened.map((o) => o.account),
          opened.map((o) => o.seq),
          opened.map((o) => o.position),
        ]);
      }
    },
  };
  return { name, version, orm: DEMO_TABLES, sets: [set], handlers: {} };
}

/** Reads the balances as readers do: through the views of the read schema. */
export async function readBalances(pool: pg.Pool, name = 'demo_accounts'): Promise<Balance[]> {
  const { rows } = await pool.query<{ account: string; balance: string; events: number }>(`SELECT account, balance, events FROM "${name}".balances ORDER BY account`);
  return rows.map((r) => ({ account: r.account, balance: Number(r.balance), events: r.events })).sort((a, b) => a.account.localeCompare(b.account));
}

export async function until(cond: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function allEvents(store: EventStore): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for (;;) {
    const batch = await store.readAll(out.length ? out[out.length - 1].position : 0, 5000);
    if (!batch.length) return out;
    out.push(...batch);
  }
}
