// `npm run bench [-- stack|landing|events|append|replay|lag|lessons|commands|demo|audit …]`: runs the benchmarks (all by default), each
// in its own process, each writing its section of docs/benchmarks.md (ratios against a baseline of
// the same run, ARCHITECTURE.md §9). `npm run bench:events` runs the event-store ones.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHES = {
  stack: 'libs/devstack/bench/stack.bench.ts',
  landing: 'libs/devstack/bench/landing.bench.ts',
  append: 'libs/event-store/bench/append.bench.ts',
  replay: 'libs/event-store/bench/replay.bench.ts',
  lag: 'libs/event-store/bench/lag.bench.ts',
  lessons: 'services/api/bench/learning.bench.ts',
  commands: 'services/api/bench/commands.bench.ts',
  demo: 'services/api/bench/demo.bench.ts',
  audit: 'services/api/bench/audit.bench.ts',
};
const GROUPS = { all: Object.keys(BENCHES), events: ['append', 'replay', 'lag'] };

const asked = process.argv.slice(2);
const names = (asked.length ? asked : ['all']).flatMap((a) => GROUPS[a] ?? [a]);
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length) {
  process.stderr.write(`academy: unknown benchmark ${unknown.join(', ')}; choose from ${[...Object.keys(GROUPS), ...Object.keys(BENCHES)].join(', ')}\n`);
  process.exit(2);
}
for (const name of names) {
  process.stdout.write(`\n── bench ${name} (${BENCHES[name]})\n`);
  const r = spawnSync(process.execPath, ['--import', './scripts/ts.mjs', BENCHES[name]], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`academy: bench ${name} failed\n`);
    process.exit(r.status ?? 1);
  }
}
