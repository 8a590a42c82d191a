// `academy audit verify | checkpoint | head` (issue 16) in process, over a real log: progress with ETA on
// stderr, the result alone on stdout; a checkpoint signed before a history was rewritten together with
// its hashes catches it, where the plain walk of the chain does not.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgresEventStore, rewriteHistory, signingKeyFromSeed } from '@academy/event-store';
import { createTestDatabase, type TestDatabase } from '@academy/testing';
import { runAcademyCli } from '../src/cli/run.js';

let db: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
const N = 4500; // more than two of verify()'s batches of 2000
const key = signingKeyFromSeed(Buffer.alloc(32, 3));

beforeAll(async () => {
  db = await createTestDatabase('es_cli_verify');
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  store = new PostgresEventStore({ pool, masterKey: Buffer.alloc(32, 7), schema: 'cli_verify' });
  await store.migrate();
  const metadata = { actorId: 'user-1', actorRole: 'teacher', causationId: null, occurredAt: new Date().toISOString() };
  for (let i = 0; i < N; i += 500) {
    await store.append(`grade-${i}`, Array.from({ length: 500 }, (_, k) => ({ type: 'SubmissionGraded', data: { score: (i + k) % 100 }, metadata: { ...metadata, correlationId: randomUUID() } })), 'any');
  }
}, 120_000);
afterAll(async () => {
  await store?.close();
  await pool?.end();
  await db?.drop();
});

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runAcademyCli(argv, {
    io: { out: { write: (s: string) => (out += s) }, err: { write: (s: string) => (err += s) } },
    databaseUrl: () => db.url,
    withEventStore: (use) => use({ store, pool, projections: [], signingKey: () => key, now: () => new Date('2026-11-24T12:00:00Z') }),
  });
  return { code, out, err };
}

it('prints progress with counts and ETA on stderr after each batch, and only the result on stdout', async () => {
  const r = await cli('audit', 'verify');
  expect(r.code).toBe(0);
  expect(r.out).toMatch(new RegExp(`^ok: ${N} events, head ${N}:[0-9a-f]{64}\\n$`));
  const lines = r.err.trim().split('\n');
  expect(lines.map((l) => l.replace(/ETA \d+ s/, 'ETA n s'))).toEqual([`verify: 2000/${N} events (44 %), ETA n s`, `verify: 4000/${N} events (88 %), ETA n s`, `verify: ${N}/${N} events (100 %), ETA n s`]);
});

it('prints the head as position:hash, for audit verify --head', async () => {
  const head = await cli('audit', 'head');
  expect(head).toMatchObject({ code: 0, out: expect.stringMatching(new RegExp(`^${N}:[0-9a-f]{64}\\n$`)) });
  expect(await cli('audit', 'verify', '--head', head.out.trim())).toMatchObject({ code: 0, out: `ok: ${N} events, head ${head.out}` });
  const other = `${N}:${'0'.repeat(64)}`;
  expect(await cli('audit', 'verify', '--head', other)).toMatchObject({ code: 1, out: expect.stringMatching(new RegExp(`^FAILED at position ${N}: `)) });
});

it('catches a history rewritten with its hashes through a checkpoint signed before, naming its position', async () => {
  const signed = await cli('audit', 'checkpoint');
  expect(signed.code).toBe(0);
  const checkpoint = JSON.parse(signed.out);
  expect(checkpoint).toMatchObject({ format: 'academy-checkpoint/1', position: N, keyId: key.keyId, at: '2026-11-24T12:00:00.000Z' });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'checkpoint-')), 'checkpoint.json');
  writeFileSync(file, signed.out);
  expect((await cli('audit', 'verify', '--checkpoint', file)).code).toBe(0);

  const old = await rewriteHistory(pool, 'cli_verify', 1234, (d) => ({ ...(d as object), score: 100 }));
  try {
    // The chain alone still verifies: that is the attack.
    expect((await cli('audit', 'verify')).code).toBe(0);
    const caught = await cli('audit', 'verify', '--checkpoint', file);
    expect(caught.code).toBe(1);
    expect(caught.out).toBe(`FAILED at position ${N}: hash at the exported head ${N} differs from the exported one: the log was rewritten (${N} events checked before it)\n`);
  } finally {
    await rewriteHistory(pool, 'cli_verify', 1234, () => old);
  }
  expect((await cli('audit', 'verify', '--checkpoint', file)).code).toBe(0);

  // An altered checkpoint file is refused before the walk.
  writeFileSync(file, JSON.stringify({ ...checkpoint, position: N - 1 }));
  expect(await cli('audit', 'verify', '--checkpoint', file)).toMatchObject({ code: 1, out: `FAILED: checkpoint ${file}: the signature does not match: the checkpoint was altered\n` });
});

it('prints a command that fails as one line naming the command, exit 1', async () => {
  expect(await cli('projections', 'rebuild', 'nope')).toEqual({ code: 1, out: 'academy projections rebuild: no projection named nope is registered (known: none)\n', err: '' });
});
