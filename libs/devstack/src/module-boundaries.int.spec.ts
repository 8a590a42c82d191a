// The architecture's boundaries (ARCHITECTURE.md §2) are real lint errors, not a convention: each
// case lints a would-be source file inside an existing project, the way `npm run lint` would.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
process.env.NX_DAEMON = 'false';

async function lintErrors(rule: string, file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const boundaryErrors = (file: string, code: string) => lintErrors('@nx/enforce-module-boundaries', file, code);

describe('module boundaries', () => {
  it('refuses an app importing another app', async () => {
    const errors = await boundaryErrors('services/worker/src/bad.ts', "import { AppModule } from '@academy/api';\nexport const m = AppModule;\n");
    expect(errors.join('\n')).toMatch(/tagged with "type:app" can only depend on libs tagged with/);
  });

  it("refuses a relative import into another project's internals", async () => {
    const errors = await boundaryErrors('services/worker/src/bad.ts', "import { CONFIG } from '../../api/src/tokens.js';\nexport const c = CONFIG;\n");
    expect(errors.join('\n')).toMatch(/relative or absolute path/);
  });

  it('refuses a shared library reaching up into an app', async () => {
    const errors = await boundaryErrors('libs/devstack/src/bad.ts', "import { AppModule } from '@academy/api';\nexport const m = AppModule;\n");
    expect(errors.join('\n')).toMatch(/tagged with "type:tooling" can only depend on libs tagged with/);
  });

  it('refuses a bounded context importing another (admissions reaches identity only through contracts)', async () => {
    const errors = await boundaryErrors('services/modules/admissions/src/bad.ts', "import { IdentityModule } from '@academy/identity';\nexport const m = IdentityModule;\n");
    expect(errors.join('\n')).toMatch(/tagged with "(type:module|scope:admissions)" can only depend on libs tagged with/);
  });

  it('accepts an app using a platform library', async () => {
    const errors = await boundaryErrors('services/worker/src/fine.ts', "import { loadConfig } from '@academy/backend';\nexport const l = loadConfig;\n");
    expect(errors).toEqual([]);
  });
});

// ADR 0015: a controller parses, dispatches on the buses and answers; it never calls a handler or reads.
describe('controllers dispatch', () => {
  const controller = 'services/modules/learning/src/commands/create-week/bad.http.controller.ts';
  const restricted = (code: string) => lintErrors('no-restricted-imports', controller, code);

  it('refuses a controller importing a handler, a reader or the event store', async () => {
    expect((await restricted("import { CreateWeekHandler } from './create-week.handler.js';\nexport const h = CreateWeekHandler;\n")).join('\n')).toMatch(/does not call a handler/);
    expect((await restricted("import { LearningReader } from '../../projections/learning/learning.reader.js';\nexport const r = LearningReader;\n")).join('\n')).toMatch(/does not call a reader/);
    expect((await restricted("import { weeksWhere } from '../../queries/weeks.read.js';\nexport const r = weeksWhere;\n")).join('\n')).toMatch(/the read belongs to its handler/);
    expect((await restricted("import { runCommand } from '@academy/event-store';\nexport const r = runCommand;\n")).join('\n')).toMatch(/only handlers and projections use the event store/);
    expect((await restricted("import { EVENT_STORE } from '@academy/backend';\nexport const s = EVENT_STORE;\n")).join('\n')).toMatch(/handlers own the store/);
  });

  it('accepts a controller that dispatches', async () => {
    expect(await restricted("import { Dispatch } from '@academy/backend';\nimport { LEARNING_PROJECTION } from '../../projections/learning/learning.projection.js';\nexport const d = [Dispatch, LEARNING_PROJECTION];\n")).toEqual([]);
  });
});
