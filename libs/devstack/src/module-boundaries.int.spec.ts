// The architecture's boundaries (ARCHITECTURE.md §2) are real lint errors, not a convention: each
// case lints a would-be source file inside an existing project, the way `npm run lint` would.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
process.env.NX_DAEMON = 'false';

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

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
