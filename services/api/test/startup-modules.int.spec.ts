// What an API or worker process loads when the log is in PostgreSQL (no EVENTSTORE_URL), through the
// BUILT modules (run the build first): not the KurrentDB client and gRPC (ADR 0032), which cost every
// process start 120–200 ms and are imported by openEventStore only for a KurrentDB server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '@academy/testing';

/** The CommonJS modules (where the client and gRPC live) a fresh process holds after importing `entry`. */
function loadedBy(entry: string): string[] {
  const script = `import { createRequire } from 'node:module';
await import(${JSON.stringify(path.join(repoRoot, entry))});
console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));
process.exit(0);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as string[];
}

it.each(['services/api/dist/app.module.js', 'services/worker/dist/worker.module.js'])('%s loads neither @eventstore/db-client nor gRPC', (entry) => {
  const modules = loadedBy(entry);
  expect(modules.length).toBeGreaterThan(100); // it did load the application
  expect(modules.filter((m) => m.includes(`${path.sep}@eventstore${path.sep}`) || m.includes(`${path.sep}@grpc${path.sep}`))).toEqual([]);
});
