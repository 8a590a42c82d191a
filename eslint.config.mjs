// Lint = TypeScript hygiene + the architecture's boundaries (ARCHITECTURE.md §2), enforced by Nx's
// project graph: each project's tags come from the "nx" field of its package.json.
//   scope:<context>  a bounded context (services/modules/*): may use only scope:shared libraries,
//                    never another context (they talk through libs/contracts integration events)
//   type:app         api, worker: compose modules and platform libraries
//   type:host/remote frontends: may use ui, web and contracts, never backend code or each other
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', 'coverage/**', '**/*.tmp.*', 'tools/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', globalThis: 'readonly', window: 'readonly', document: 'readonly', navigator: 'readonly', AbortController: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', Blob: 'readonly', localStorage: 'readonly', sessionStorage: 'readonly', performance: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:module', 'type:platform', 'type:contracts', 'type:testing', 'type:tooling'] },
            { sourceTag: 'type:module', onlyDependOnLibsWithTags: ['type:platform', 'type:contracts', 'type:testing'] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform', 'type:contracts', 'type:testing', 'type:tooling'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:testing', 'type:tooling', 'type:platform', 'type:contracts'] },
            { sourceTag: 'type:host', onlyDependOnLibsWithTags: ['type:ui', 'type:web', 'type:contracts', 'type:testing'] },
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:ui', 'type:web', 'type:contracts', 'type:testing'] },
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:web', 'type:ui', 'type:contracts'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui'] },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:tooling'] },
            // A bounded context sees only shared code: importing another context fails here.
            { sourceTag: 'scope:identity', onlyDependOnLibsWithTags: ['scope:identity', 'scope:shared'] },
            { sourceTag: 'scope:catalog', onlyDependOnLibsWithTags: ['scope:catalog', 'scope:shared'] },
            { sourceTag: 'scope:enrollment', onlyDependOnLibsWithTags: ['scope:enrollment', 'scope:shared'] },
            { sourceTag: 'scope:learning', onlyDependOnLibsWithTags: ['scope:learning', 'scope:shared'] },
            { sourceTag: 'scope:grading', onlyDependOnLibsWithTags: ['scope:grading', 'scope:shared'] },
            { sourceTag: 'scope:admissions', onlyDependOnLibsWithTags: ['scope:admissions', 'scope:shared'] },
            { sourceTag: 'scope:notifications', onlyDependOnLibsWithTags: ['scope:notifications', 'scope:shared'] },
            { sourceTag: 'scope:audit', onlyDependOnLibsWithTags: ['scope:audit', 'scope:shared'] },
            { sourceTag: 'scope:announcements', onlyDependOnLibsWithTags: ['scope:announcements', 'scope:shared'] },
            { sourceTag: 'scope:attendance', onlyDependOnLibsWithTags: ['scope:attendance', 'scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
          ],
        },
      ],
    },
  },
  {
    // Contexts moved to MikroORM (ADR 0018) read and write their read models through it; a raw
    // statement goes through tx.query / em.getKysely() with a comment saying why. Add each context as it moves.
    files: ['services/modules/notifications/src/**/*.ts', 'services/modules/catalog/src/**/*.ts', 'services/modules/enrollment/src/**/*.ts', 'services/modules/admissions/src/**/*.ts', 'services/modules/learning/src/**/*.ts', 'services/modules/grading/src/**/*.ts', 'services/modules/announcements/src/**/*.ts', 'services/modules/attendance/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'pg', message: 'Read models are MikroORM entities (ADR 0018): use tx.em in projections and the EntityManager in query slices.' }] }],
    },
  },
  {
    // Controllers parse, dispatch on the CQRS buses and answer (ADR 0015): they never call a handler,
    // a reader or the event store themselves.
    files: ['services/modules/*/src/**/*.controller.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/*.handler', '**/*.handler.js'], message: 'A controller dispatches on the CommandBus/QueryBus (Dispatch); it does not call a handler (ADR 0015).' },
            { group: ['**/*.reader', '**/*.reader.js'], message: 'A controller dispatches a query on the QueryBus (Dispatch); it does not call a reader (ADR 0015).' },
            { group: ['**/*.read', '**/*.read.js'], message: 'A controller dispatches a query on the QueryBus (Dispatch); the read belongs to its handler (ADR 0018).' },
          ],
          paths: [
            { name: '@academy/backend', importNames: ['EVENT_STORE', 'PG_POOL', 'CommandResponder', 'CONSISTENCY_WAITER'], message: 'A controller dispatches (Dispatch); handlers own the store, the pool and the wait (ADR 0015).' },
            { name: '@academy/event-store', message: 'A controller dispatches (Dispatch); only handlers and projections use the event store (ADR 0015).' },
          ],
        },
      ],
    },
  },
];
