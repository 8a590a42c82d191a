// Must show (issue 3): the projection runner killed with SIGKILL at random points, at least 20
// times, during a replay of 100k events: afterwards the read model equals a clean rebuild.
import { createTestDatabase, repoRoot, type TestDatabase } from '@academy/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditReplay } from '../audit/replay.js';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { allEvents, demoProjection, expectedBalances, readBalances, seed, testStore } from './demo-fixture.test.js';

const EVENTS = 100_000;
const KILLS = 20;
const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sigkill-child.test.ts');

let db: TestDatabase;
let store: PostgresEventStore;
let running: ChildProcess | null = null;

beforeAll(async () => {
  db = await createTestDatabase('sigkill');
  store = await testStore(db.pool);
});
afterAll(async () => {
  running?.kill('SIGKILL');
  await store?.close();
  await db?.drop();
});

function spawnRunner(): { proc: ChildProcess; running: Promise<void>; exited: Promise<number | null>; output: () => string } {
  const proc = spawn(process.execPath, ['--import', path.join(repoRoot, 'scripts/ts.mjs'), child], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: db.url, TARGET: String(EVENTS), BATCH: '100' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = proc;
  let out = '';
  let onRunning!: () => void;
  const isRunning = new Promise<void>((r) => (onRunning = r));
  proc.stdout!.on('data', (b) => {
    out += b;
    if (/^running$/m.test(out)) onRunning();
  });
  proc.stderr!.on('data', (b) => (out += b));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, running: isRunning, exited, output: () => out };
}

async function checkpoint(): Promise<number> {
  const { rows } = await db.pool.query<{ position: string }>(`SELECT position FROM projections.checkpoints WHERE name = 'demo_accounts'`).catch(() => ({ rows: [] as { position: string }[] }));
  return Number(rows[0]?.position ?? 0);
}

it(`a runner SIGKILLed ${KILLS}+ times during a replay of ${EVENTS / 1000}k events leaves a read model equal to a clean rebuild`, async () => {
  expect(await seed(store, 0, EVENTS, 1000)).toBe(EVENTS);

  const killedAt: number[] = [];
  while (killedAt.length < KILLS) {
    const before = await checkpoint();
    const r = spawnRunner();
    // Most kills land while batches are being applied; some during start-up, lock or setup.
    if (Math.random() < 0.2) await new Promise((res) => setTimeout(res, Math.random() * 600));
    else {
      await Promise.race([r.running, r.exited]);
      // On a loaded machine the first batch can take longer than the random delay below: wait for the
      // runner's first commit (at most 5 s), so that these kills interrupt a replay making progress.
      const giveUp = Date.now() + 5000;
      while (r.proc.exitCode === null && (await checkpoint()) <= before && Date.now() < giveUp) await new Promise((res) => setTimeout(res, 10));
      await new Promise((res) => setTimeout(res, Math.random() * 120));
    }
    const alive = r.proc.exitCode === null;
    r.proc.kill('SIGKILL');
    await r.exited;
    const at = await checkpoint();
    if (at >= EVENTS) throw new Error(`the replay finished before ${KILLS} kills (after ${killedAt.length}); kill sooner`);
    if (alive) killedAt.push(at);
  }
  // The kills interrupted a replay that made progress between them, not one stuck at the start.
  expect(killedAt.filter((p, i) => i > 0 && p > killedAt[i - 1]).length).toBeGreaterThanOrEqual(KILLS / 2);

  const last = spawnRunner();
  expect(await last.exited).toBe(0);
  expect(await checkpoint()).toBe(EVENTS);
  console.log(`killed at checkpoints: ${killedAt.join(', ')}`);

  // Equal to a clean rebuild (from position 0, in a scratch schema, row by row)…
  const audit = await auditReplay({ store, pool: db.pool, projections: [demoProjection()] });
  expect(audit.projections[0]).toMatchObject({ result: 'equal', position: EVENTS, diffs: [], missingTables: [] });
  // …and to what the log says, computed without SQL.
  expect(await readBalances(db.pool)).toEqual(expectedBalances(await allEvents(store)));
  const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM demo_accounts.openings');
  expect(rows[0].n).toBe(EVENTS / 50);
}, 180_000);
