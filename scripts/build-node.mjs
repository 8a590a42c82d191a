// Builds one backend package (the cwd): every src/**/*.ts except tests → dist/**/*.js as ES modules,
// with decorator metadata for Nest's dependency injection. swc transpiles file by file (fast);
// type errors are caught by `npm run typecheck` (tsc over the whole workspace), not here.
import { transformFile } from '@swc/core';
import { globSync, mkdirSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import path from 'node:path';

const cwd = process.cwd();
const out = path.join(cwd, 'dist');
rmSync(out, { recursive: true, force: true });
const files = globSync('src/**/*.{ts,mts}', { cwd }).filter((f) => !/\.(spec|test)\.ts$/.test(f) && !f.endsWith('.d.ts'));
await Promise.all(
  files.map(async (file) => {
    const { code, map } = await transformFile(path.join(cwd, file), {
      jsc: {
        target: 'es2023',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        keepClassNames: true,
      },
      module: { type: 'es6' },
      sourceMaps: true,
    });
    const target = path.join(out, file.slice('src/'.length).replace(/\.m?ts$/, '.js'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
    if (map) writeFileSync(`${target}.map`, map);
  }),
);
// Non-code assets that ship with the package (SQL, JSON data files).
for (const asset of globSync('src/**/*.{sql,json,csv}', { cwd })) {
  const target = path.join(out, asset.slice('src/'.length));
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(path.join(cwd, asset), target);
}
console.log(`built ${files.length} files → ${path.relative(process.cwd(), out) || 'dist'}`);
