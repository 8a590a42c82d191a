// The text rule cannot be forgotten: every schema a controller parses input with must build its
// plain strings with text() from @academy/contracts (the browser forms then show the message inline).
// The global StorableInputInterceptor refuses such strings anyway; this keeps the forms in step.
import { describe, expect, it } from '@jest/globals';
import { readFileSync, globSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import * as contracts from '@academy/contracts';
import { storableText } from '@academy/contracts';

/** Paths of plain strings (no format such as email/uuid) inside `schema` that lack the shared check. */
function bareStrings(schema: z.ZodType, at = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  // zod's own union of its schema kinds: each def's `type` names the fields it has.
  const def = (schema as unknown as z.core.$ZodTypes)._zod.def;
  const walk = (s: unknown, p: string) => bareStrings(s as z.ZodType, p, seen);
  switch (def.type) {
    case 'string':
      return 'format' in def || (def.checks ?? []).some((c) => c === storableText) ? [] : [at || '(root)'];
    case 'object':
      return [...Object.entries(def.shape).flatMap(([k, v]) => walk(v, at ? `${at}.${k}` : k)), ...(def.catchall ? walk(def.catchall, `${at}.*`) : [])];
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'record':
      return [...walk(def.keyType, `${at}{key}`), ...walk(def.valueType, `${at}{}`)];
    case 'tuple':
      return [...def.items.flatMap((s, i) => walk(s, `${at}[${i}]`)), ...(def.rest ? walk(def.rest, `${at}[]`) : [])];
    case 'union':
      return def.options.flatMap((s) => walk(s, at));
    case 'intersection':
      return [...walk(def.left, at), ...walk(def.right, at)];
    case 'pipe':
      return [...walk(def.in, at), ...walk(def.out, at)];
    case 'lazy':
      return walk(def.getter(), at);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, at);
    default:
      return [];
  }
}

describe('every schema the API parses input with uses text() for its strings', () => {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const controllers = globSync('services/**/src/**/*.{controller,guard}.ts', { cwd: root }).filter((f) => !f.includes('node_modules'));
  const names = new Set(controllers.flatMap((f) => [...readFileSync(path.join(root, f), 'utf8').matchAll(/ZodValidationPipe\((\w+)\)/g)].map((m) => m[1] as string)));

  it('finds the input schemas of the controllers', () => {
    expect(names.size).toBeGreaterThan(20);
  });

  it.each([...names].sort())('%s has no bare z.string()', (name) => {
    const schema = (contracts as unknown as Record<string, unknown>)[name];
    expect(schema).toBeInstanceOf(z.ZodType);
    expect(bareStrings(schema as z.ZodType)).toEqual([]);
  });
});
