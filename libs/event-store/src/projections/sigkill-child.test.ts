// TEST ONLY: the projection runner as its own process, for runner-sigkill.int.spec.ts (which kills
// it with SIGKILL). Prints its state changes; exits 0 once the checkpoint reached TARGET.
import pg from 'pg';
import { demoProjection, testStore } from './demo-fixture.test.js';
import { ProjectionRunner } from './runner.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
pool.on('error', () => {});
const store = await testStore(pool);
const target = Number(process.env.TARGET);
const runner = new ProjectionRunner({
  store,
  pool,
  projection: demoProjection(),
  batchSize: Number(process.env.BATCH ?? 200),
  standbyPollMs: 25,
  onStateChange: (s) => process.stdout.write(`${s}\n`),
  onError: (e) => process.stderr.write(`runner error: ${String(e)}\n`),
}).start();
const timer = setInterval(() => {
  if (runner.position >= target) {
    clearInterval(timer);
    void runner
      .stop()
      .then(() => store.close())
      .then(() => pool.end())
      .then(() => {
        process.stdout.write('done\n');
        process.exit(0);
      });
  }
}, 20);
