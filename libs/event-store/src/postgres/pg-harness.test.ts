// Test support for the Postgres adapter: a fresh schema per store (cheap isolation inside one test
// database) and the tamper hooks of the contract suite. Used by *.int.spec.ts only.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { ContractHarness, ContractStoreOptions, MakeContractStore, TamperHooks } from '../contract/event-store.contract.test.js';
import { harnessOver } from '../contract/harness.test.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.js';
import { inTransaction } from './transaction.js';

export const TEST_MASTER_KEY = Buffer.alloc(32, 7);

/** Runs `sql` on the events table with the append-only triggers off, as an attacker with owner rights would. */
export async function asTamperer(pool: pg.Pool, schema: string, sql: string, params: unknown[] = []): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query(`ALTER TABLE "${schema}".events DISABLE TRIGGER USER`);
    await client.query(sql, params);
    await client.query(`ALTER TABLE "${schema}".events ENABLE TRIGGER USER`);
  });
}

export function pgTamperHooks(pool: pg.Pool, schema: string): TamperHooks {
  const t = `"${schema}".events`;
  return {
    async changeByte(position) {
      // One digit of the payload's JSON text, changed so that it stays valid JSON (a grade 74 → 84).
      const { rows } = await pool.query<{ d: string }>(`SELECT data::text AS d FROM ${t} WHERE position = $1`, [position]);
      const text = rows[0].d;
      const i = text.search(/[0-9]/);
      if (i < 0) throw new Error('changeByte: no digit to change in the payload');
      const changed = text.slice(0, i) + (text[i] === '9' ? '8' : String(Number(text[i]) + 1)) + text.slice(i + 1);
      await asTamperer(pool, schema, `UPDATE ${t} SET data = $2::jsonb WHERE position = $1`, [position, changed]);
    },
    async deleteEvent(position) {
      await asTamperer(pool, schema, `DELETE FROM ${t} WHERE position = $1`, [position]);
    },
    async swapEvents(a, b) {
      await asTamperer(
        pool,
        schema,
        `UPDATE ${t} SET position = -1 WHERE position = $1;
         UPDATE ${t} SET position = ${Number(a)} WHERE position = ${Number(b)};
         UPDATE ${t} SET position = ${Number(b)} WHERE position = -1;`.replace('$1', String(Number(a))),
      );
    },
    async dumpStorage() {
      const { rows } = await pool.query<{ t: string }>(
        `SELECT coalesce((SELECT string_agg(e::text, E'\\n') FROM "${schema}".events e), '') || E'\\n' ||
                coalesce((SELECT string_agg(k::text, E'\\n') FROM "${schema}".subject_keys k), '') AS t`,
      );
      return rows[0].t;
    },
  };
}

/** A contract-suite factory: each call makes a new schema in the test database behind `pool`. */
export function pgContractFactory(pool: pg.Pool, extra: Partial<PostgresEventStoreOptions> = {}): MakeContractStore {
  return async (options: ContractStoreOptions = {}): Promise<ContractHarness> => {
    const schema = `es_${randomBytes(5).toString('hex')}`;
    const open = async (o: ContractStoreOptions) => {
      const store = new PostgresEventStore({ pool, masterKey: TEST_MASTER_KEY, schema, pollIntervalMs: 200, retry: { initialMs: 20, maxMs: 200 }, ...extra, ...o });
      await store.migrate();
      return store;
    };
    const dropStorage = async () => void (await pool.query(`DROP SCHEMA "${schema}" CASCADE`));
    return harnessOver(open, options, dropStorage, pgTamperHooks(pool, schema));
  };
}
