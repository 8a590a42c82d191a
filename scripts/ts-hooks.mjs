// ESM loader hooks that run the workspace's TypeScript straight from source (benchmarks, the CLI in
// development): .ts files are transpiled by swc with decorator metadata; `@academy/*` imports resolve
// to their src/ through the "@academy/source" export condition; './x.js' finds './x.ts'.
import { transformSync } from '@swc/core';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export async function resolve(specifier, context, next) {
  const conditions = [...new Set(['@academy/source', ...(context.conditions ?? [])])];
  try {
    return await next(specifier, { ...context, conditions });
  } catch (err) {
    if ((specifier.startsWith('.') || specifier.startsWith('/')) && specifier.endsWith('.js') && context.parentURL) {
      const tsUrl = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (existsSync(fileURLToPath(tsUrl))) return { url: tsUrl.href, shortCircuit: true, format: 'module' };
    }
    throw err;
  }
}

export async function load(url, context, next) {
  if (!/\.m?tsx?$/.test(new URL(url).pathname)) return next(url, context);
  const filename = fileURLToPath(url);
  const { readFileSync } = await import('node:fs');
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true, tsx: filename.endsWith('x') },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  });
  return { format: 'module', source: code, shortCircuit: true };
}
