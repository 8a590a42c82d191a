// The worker container's health check (the BUILT services/worker/dist/healthcheck.js that the
// Dockerfile's HEALTHCHECK and the Kubernetes probes run): 0 when Postgres and Redis answer, else 1
// naming the one that did not.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { repoRoot, testRedisUrl } from '@academy/testing';

const run = (env: Record<string, string>) =>
  new Promise<{ status: number; stderr: string }>((resolve) => {
    execFile(process.execPath, [path.join(repoRoot, 'services/worker/dist/healthcheck.js')], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' }, (error, _out, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });

it('is healthy when Postgres and Redis answer', async () => {
  expect(await run({ DATABASE_URL: process.env.TEST_DATABASE_URL!, REDIS_URL: testRedisUrl() })).toEqual({ status: 0, stderr: '' });
});

it('is unhealthy, naming Redis, when Redis does not answer', async () => {
  const r = await run({ DATABASE_URL: process.env.TEST_DATABASE_URL!, REDIS_URL: 'redis://127.0.0.1:1' });
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/^academy: worker unhealthy: redis: /);
});
