// One jest, three kinds of test (ARCHITECTURE.md §9), told apart by file name:
//   *.unit.spec.ts  pure code, no I/O
//   *.int.spec.ts   real Postgres + Redis (started once per run by libs/testing/src/global-setup.mjs)
//   *.e2e.spec.ts   Playwright driving Debian's Chromium against the built shell, served by the API
// Our TypeScript is ESM; jest runs it as ESM (--experimental-vm-modules, see package.json scripts).
import { readFileSync, existsSync } from 'node:fs';
import { globSync } from 'node:fs';
import path from 'node:path';

/** Left out unless EVENTSTORE_URL is set (see below). */
const KURRENT_CONTRACT_SUITE = '/libs/event-store/src/kurrent/kurrent-event-store.int.spec.ts';

// Pages show instants in the reader's zone (ADR 0023): the process's, in unit tests. One zone for
// every machine, so that an expected "10:15" means the same here and on CI (workers inherit it).
process.env.TZ = 'UTC';

const root = path.dirname(new URL(import.meta.url).pathname);
const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;

// @academy/<name> → its src/index.ts, so tests never need a build of the libraries.
const moduleNameMapper = { '^(\\.{1,2}/.*)\\.js$': '$1' };
for (const dir of workspaces.flatMap((w) => globSync(w, { cwd: root }))) {
  const pkgFile = path.join(root, dir, 'package.json');
  if (!existsSync(pkgFile)) continue;
  const { name, exports } = JSON.parse(readFileSync(pkgFile, 'utf8'));
  // Subpath exports (e.g. @academy/web-dashboard/testing) → their source entry too.
  for (const [sub, target] of Object.entries(exports ?? {})) {
    const source = typeof target === 'object' ? target['@academy/source'] : null;
    if (sub !== '.' && source) moduleNameMapper[`^${name.replace('/', '\\/')}${sub.slice(1).replace('/', '\\/')}$`] = `<rootDir>/${dir}/${source.replace(/^\.\//, '')}`;
  }
  for (const entry of ['src/index.ts', 'src/index.tsx', 'src/index.mjs']) {
    if (existsSync(path.join(root, dir, entry))) {
      moduleNameMapper[`^${name.replace('/', '\\/')}$`] = `<rootDir>/${dir}/${entry}`;
      break;
    }
  }
}

const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  rootDir: root,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper,
  // The KurrentDB contract suite needs a server (ADR 0032): collected only when EVENTSTORE_URL names one;
  // scripts/test.mjs and scripts/jest.mjs say in one line that it did not run.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/', ...(process.env.EVENTSTORE_URL ? [] : [KURRENT_CONTRACT_SUITE])],
  // jest's node environment that also prints spawned services' output when a test fails.
  testEnvironment: '<rootDir>/libs/testing/src/jest-environment.mjs',
};

export default {
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,services,frontends,tools}/**/*.unit.spec.{ts,tsx}'] },
    {
      ...common,
      displayName: 'int',
      testMatch: ['<rootDir>/{libs,services,frontends,tools,deploy}/**/*.int.spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.mjs',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/{libs,services,frontends}/**/*.e2e.spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.mjs',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.mjs',
    },
  ],
};
