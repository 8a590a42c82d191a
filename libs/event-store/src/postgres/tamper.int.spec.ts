// Must show (issue 3): change a byte, delete a row, swap two rows of the log: verify() names the
// position each time. Every column of a row is tried, on a log of 300 events with personal data.
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { newEvent } from '../contract/event-store.contract.test.js';
import type { VerifyResult } from '../port.js';
import { asTamperer, TEST_MASTER_KEY } from './pg-harness.test.js';
import { PostgresEventStore } from './postgres-event-store.js';

const N = 300;
let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase('es_tamper');
  pool = new pg.Pool({ connectionString: db.url, max: 10 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** A fresh log of N events (some with personal data) in its own schema. */
async function seededStore(): Promise<{ store: PostgresEventStore; schema: string }> {
  const schema = `tamper_${randomBytes(4).toString('hex')}`;
  const store = new PostgresEventStore({ pool, masterKey: TEST_MASTER_KEY, schema });
  await store.migrate();
  for (let i = 0; i < N; i += 10) {
    await store.append(
      `submission-${i % 7}`,
      Array.from({ length: 10 }, (_, k) =>
        newEvent('SubmissionGraded', { score: 50 + ((i + k) % 50), comment: `fine work ${i + k}` }, k % 3 === 0 ? { personal: { subjectId: `student-${k}`, data: { name: `Student ${k}` } } } : {}),
      ),
      'any',
    );
  }
  expect(await store.verify()).toMatchObject({ ok: true, checked: N });
  return { store, schema };
}

const P = 137; // somewhere in the middle of the log

// Each case: one column of the row at P changed by one byte (or one unit), through SQL that bypasses the append-only triggers.
const columnCases: [string, string, RegExp][] = [
  ['data (a digit of the score)', `data = jsonb_set(data, '{score}', to_jsonb((data->>'score')::int + 1))`, /hash mismatch/],
  ['data (a letter of the comment)', `data = jsonb_set(data, '{comment}', to_jsonb(overlay(data->>'comment' placing 'F' from 1 for 1)))`, /hash mismatch/],
  ['type', `type = overlay(type placing 'X' from 1 for 1)`, /hash mismatch/],
  ['stream_id', `stream_id = stream_id || '0'`, /hash mismatch/],
  ['stream_version', `stream_version = stream_version + 1000`, /hash mismatch/],
  ['event_id', `event_id = overlay(event_id::text placing (CASE WHEN substr(event_id::text, 1, 1) = 'a' THEN 'b' ELSE 'a' END) from 1 for 1)::uuid`, /hash mismatch/],
  ['schema_version', `schema_version = schema_version + 1`, /hash mismatch/],
  ['metadata', `metadata = jsonb_set(metadata, '{actorRole}', '"student"')`, /hash mismatch/],
  ['recorded_at (one microsecond)', `recorded_at = recorded_at + interval '1 microsecond'`, /hash mismatch/],
  ['hash', `hash = overlay(hash placing (CASE WHEN substr(hash, 1, 1) = 'a' THEN 'b' ELSE 'a' END) from 1 for 1)`, /hash mismatch/],
  ['prev_hash', `prev_hash = overlay(prev_hash placing (CASE WHEN substr(prev_hash, 1, 1) = 'a' THEN 'b' ELSE 'a' END) from 1 for 1)`, /previous hash does not link/],
  ['position (moved away)', `position = position + 100000`, /position gap: expected 137 found 138/],
];

describe('verify() names the tampered position', () => {
  it.each(columnCases)('a change to %s', async (_column, set, reason) => {
    const { store, schema } = await seededStore();
    await asTamperer(pool, schema, `UPDATE "${schema}".events SET ${set} WHERE position = ${P}`);
    const result: VerifyResult = await store.verify();
    expect(result).toMatchObject({ ok: false, position: P, checked: P - 1 });
    expect(result.ok === false && result.reason).toMatch(reason);
    await store.close();
  });

  it('a changed byte of the encrypted personal data', async () => {
    const { store, schema } = await seededStore();
    const { rows } = await pool.query<{ position: string }>(`SELECT position FROM "${schema}".events WHERE personal IS NOT NULL AND position > 200 ORDER BY position LIMIT 1`);
    const p = Number(rows[0].position);
    await asTamperer(
      pool,
      schema,
      `UPDATE "${schema}".events SET personal = jsonb_set(personal, '{ct}', to_jsonb(overlay(personal->>'ct' placing (CASE WHEN substr(personal->>'ct', 1, 1) = 'A' THEN 'B' ELSE 'A' END) from 1 for 1))) WHERE position = $1`,
      [p],
    );
    expect(await store.verify()).toMatchObject({ ok: false, position: p, reason: expect.stringMatching(/hash mismatch/) });
    // Reading it does not pretend the subject was erased: the damage is reported.
    await expect(store.readAll(p - 1, 1)).rejects.toThrow(new RegExp(`position ${p}: personal data does not decrypt`));
    await store.close();
  });

  it('a deleted row (in the middle, the first, the last with the exported head)', async () => {
    for (const [victim, expected] of [[P, P], [1, 1]] as const) {
      const { store, schema } = await seededStore();
      await asTamperer(pool, schema, `DELETE FROM "${schema}".events WHERE position = $1`, [victim]);
      expect(await store.verify()).toMatchObject({ ok: false, position: expected, reason: `position gap: expected ${expected} found ${expected + 1}` });
      await store.close();
    }
    const { store, schema } = await seededStore();
    const head = await store.head();
    await asTamperer(pool, schema, `DELETE FROM "${schema}".events WHERE position = $1`, [N]);
    expect(await store.verify({ expectedHead: head })).toMatchObject({ ok: false, position: N, reason: expect.stringMatching(/removed from the end/) });
    await store.close();
  });

  it('two swapped rows (adjacent, and far apart): the lower position is named', async () => {
    for (const [a, b] of [[P, P + 1], [42, 250]]) {
      const { store, schema } = await seededStore();
      await asTamperer(
        pool,
        schema,
        `UPDATE "${schema}".events SET position = -1 WHERE position = ${a};
         UPDATE "${schema}".events SET position = ${a} WHERE position = ${b};
         UPDATE "${schema}".events SET position = ${b} WHERE position = -1;`,
      );
      expect(await store.verify()).toMatchObject({ ok: false, position: a, reason: expect.stringMatching(/previous hash does not link/) });
      await store.close();
    }
  });

  it('the triggers refuse UPDATE, DELETE and TRUNCATE from anyone who does not first disable them', async () => {
    const { store, schema } = await seededStore();
    await expect(pool.query(`UPDATE "${schema}".events SET type = 'X' WHERE position = 1`)).rejects.toThrow(/append-only/);
    await expect(pool.query(`DELETE FROM "${schema}".events WHERE position = 1`)).rejects.toThrow(/append-only/);
    await expect(pool.query(`TRUNCATE "${schema}".events`)).rejects.toThrow(/append-only/);
    expect((await store.verify()).ok).toBe(true);
    await store.close();
  });
});

it('an outside verifier can recompute the chain from the documented formula', async () => {
  const { chainHash, canonicalBody } = await import('./hash-chain.js');
  const { store, schema } = await seededStore();
  const { rows } = await pool.query(
    `SELECT position, stream_id, stream_version, event_id::text, type, schema_version, data, personal, metadata,
            to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at, prev_hash, hash
       FROM "${schema}".events WHERE position <= 2 ORDER BY position`,
  );
  let prev = '0'.repeat(64);
  for (const r of rows) {
    const body = canonicalBody({ streamId: r.stream_id, eventId: r.event_id, type: r.type, schemaVersion: r.schema_version, data: r.data, personal: r.personal, metadata: r.metadata, recordedAt: r.recorded_at });
    expect(chainHash(prev, Number(r.position), r.stream_version, body)).toBe(r.hash);
    prev = r.hash;
  }
  await store.close();
});
