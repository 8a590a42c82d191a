// `npm test`: everything CI checks, in the order that fails fastest:
//   lint → type-check → build (the browser and API tests run the built apps) → jest (unit, int, e2e)
// Integration and browser tests start their own embedded Postgres and redis-server (see
// libs/testing/src/global-setup.mjs); TEST_DATABASE_URL / TEST_REDIS_URL point them elsewhere.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };
const node = process.execPath;

function step(title, args) {
  process.stdout.write(`\n── ${title}\n`);
  const started = Date.now();
  const r = spawnSync(node, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`academy: ${title} failed\n`);
    process.exit(r.status ?? 1);
  }
  process.stdout.write(`── ${title}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  process.stderr.write('academy: the browser tests need Debian\'s Chromium at /usr/bin/chromium (apt-get install -y chromium) or CHROMIUM_PATH\n');
  process.exit(1);
}

// The boundary rule reads Nx's cached project graph and silently skips itself without one.
step('project graph', ['node_modules/nx/dist/bin/nx.js', 'show', 'projects']);
step('lint', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']);
step('type-check (node)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
step('type-check (web)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.web.json']);
step('build', ['node_modules/nx/dist/bin/nx.js', 'run-many', '-t', 'build', '--outputStyle=static', '--skipNxCache']);
step('jest (unit, integration, browser)', ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci', ...process.argv.slice(2)]);
