// Module hooks that run the workspace's TypeScript straight from source (benchmarks, test children, the
// projection migration script): .ts files are transpiled by swc with decorator metadata; `@academy/*`
// imports resolve to their src/ through the "@academy/source" export condition; './x.js' finds './x.ts'.
// Synchronous hooks (module.registerHooks) run on the importing thread: the asynchronous kind
// (module.register) sends every resolve and load to a hooks thread and back, which made a child's start
// about twice as slow (docs/benchmarks.md, "The slowest files, made cheaper").
import { registerHooks } from 'node:module';
import { transformSync } from '@swc/core';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function resolve(specifier, context, next) {
  const conditions = [...new Set(['@academy/source', ...(context.conditions ?? [])])];
  try {
    return next(specifier, { ...context, conditions });
  } catch (err) {
    if ((specifier.startsWith('.') || specifier.startsWith('/')) && specifier.endsWith('.js') && context.parentURL) {
      const tsUrl = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (existsSync(fileURLToPath(tsUrl))) return { url: tsUrl.href, shortCircuit: true, format: 'module' };
    }
    throw err;
  }
}

function load(url, context, next) {
  if (!/\.m?tsx?$/.test(new URL(url).pathname)) return next(url, context);
  const filename = fileURLToPath(url);
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

registerHooks({ resolve, load });
