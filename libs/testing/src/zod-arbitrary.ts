// zod 4 schema → fast-check arbitraries, for the hostile-input suite (issue 13). `validBody` aims at
// values the schema accepts (close enough: a refine it cannot see may still say no), `hostileBody`
// takes such a value and breaks one place of it, or sends something that is not the shape at all.
// Bodies are JSON TEXT: what a client puts on the wire, including what JSON.stringify cannot write
// (a body nested 50,000 deep, malformed JSON).
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * What this walker reads of zod 4's internal definitions (a schema's `_zod.def`, and its checks'), by
 * name across the kinds: each kind has its part (an object its shape, an array its element...).
 */
interface Def {
  type: string;
  checks?: unknown[];
  /** A check's kind (min_length, greater_than, string_format...), and what it bounds or matches. */
  check: string;
  format: string;
  pattern?: RegExp;
  inclusive: boolean;
  value: number;
  minimum: number;
  maximum: number;
  length: number;
  entries: Record<string, unknown>;
  values: unknown[];
  shape: Record<string, z.ZodType>;
  items: z.ZodType[];
  options: z.ZodType[];
  element: z.ZodType;
  valueType: z.ZodType;
  left: z.ZodType;
  innerType: z.ZodType;
  in: z.ZodType;
  out: z.ZodType;
  getter(): z.ZodType;
}
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def): Def[] => (d.checks ?? []).map((c: unknown) => defOf(c));

export interface ArbitraryOptions {
  /** Ids worth using for uuid fields (real rows make more code run than random ids). */
  ids?: string[];
  /** Ids by field name (programId, studentId, ...): used for a uuid field of that name, else `ids`. */
  idsByField?: Record<string, string[]>;
  /** The object field being generated (set by the converter). */
  field?: string;
}

/** A value the schema should accept. */
export function validValue(schema: z.ZodType, o: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  switch (d.type) {
    case 'string':
      return stringArb(d, o);
    case 'number': {
      let min = -1e6;
      let max = 1e6;
      let int = false;
      for (const c of [d, ...checksOf(d)]) {
        if (c.check === 'greater_than') min = c.inclusive ? c.value : c.value + (int ? 1 : 1e-6);
        if (c.check === 'less_than') max = c.inclusive ? c.value : c.value - (int ? 1 : 1e-6);
        if (c.check === 'number_format' && /int/.test(c.format)) int = true;
      }
      return int ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'int':
      return fc.integer({ min: -1000, max: 1000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries));
    case 'literal':
      return fc.constantFrom(...d.values);
    case 'object': {
      const shape = d.shape;
      const required: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(shape)) required[k] = validValue(v, { ...o, field: k });
      const optionalKeys = Object.entries(shape)
        .filter(([, v]) => ['optional', 'default', 'prefault'].includes(defOf(v).type))
        .map(([k]) => k);
      return fc.record(required, { requiredKeys: Object.keys(shape).filter((k) => !optionalKeys.includes(k)) });
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 5;
      for (const c of checksOf(d)) {
        if (c.check === 'min_length') minLength = c.minimum;
        if (c.check === 'max_length') maxLength = Math.min(c.maximum, Math.max(minLength, 5));
        if (c.check === 'length_equals') minLength = maxLength = c.length;
      }
      return fc.array(validValue(d.element, o), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'tuple':
      return fc.tuple(...d.items.map((i) => validValue(i, o)));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k)), validValue(d.valueType, o), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...d.options.map((s) => validValue(s, o)));
    case 'intersection':
      return validValue(d.left, o);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validValue(d.innerType, o), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validValue(d.innerType, o), { nil: null, freq: 4 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validValue(d.innerType, o);
    case 'pipe':
      return defOf(d.out).type === 'transform' ? validValue(d.in, o) : validValue(d.out, o);
    case 'lazy':
      return validValue(d.getter(), o);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

function stringArb(d: Def, o: ArbitraryOptions): fc.Arbitrary<string> {
  switch (d.format) {
    case 'uuid':
    case 'guid': {
      const known = (o.field && o.idsByField?.[o.field]) || o.ids || [];
      return known.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) }) : fc.uuid({ version: 4 });
    }
    case 'email':
      return fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom('example.com', 'academy.test')).map(([l, h]) => `${l}@${h}`);
    case 'url':
      return fc.webUrl();
    case 'datetime':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((x) => x.toISOString());
    case 'date':
      return fc.date({ min: new Date('1950-01-01'), max: new Date('2020-01-01'), noInvalidDate: true }).map((x) => x.toISOString().slice(0, 10));
  }
  let minLength = 0;
  let maxLength = 40;
  let pattern: RegExp | null = d.pattern ?? null;
  for (const c of checksOf(d)) {
    if (c.check === 'min_length') minLength = c.minimum;
    if (c.check === 'max_length') maxLength = Math.min(c.maximum, Math.max(minLength, 40));
    if (c.check === 'length_equals') minLength = maxLength = c.length;
    if (c.check === 'string_format' && c.pattern) pattern = c.pattern;
  }
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, minLength));
  // Printable text with what forms send: spaces, newlines, accents, emoji.
  const char = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789') }, fc.constantFrom(' ', '\n', '\t', 'é', 'ñ', '中', '😀', '-', "'", '"', '<', '&'));
  return fc.array(char, { minLength: Math.max(minLength, 1), maxLength: Math.max(maxLength, minLength, 1) }).map((cs) => cs.join('')).filter((s) => s.trim().length >= minLength);
}

/** Strings PostgreSQL cannot hold or that break naive code: the text rule's cases and huge ones. */
export const HOSTILE_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  'x\udc00',
  '\udbff',
  'bell\u0007',
  'esc\u001b[31mred',
  'del\u007f',
  'c1\u0085',
  '',
  ' ',
  '\r\n',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  '\u202eevil',
  '😀'.repeat(3000),
  'x'.repeat(1_000_000),
  '\u00e9'.repeat(300_000),
];

const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const DEEP = '"@@DEEP@@"';
const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

type Mutation =
  | { kind: 'string'; value: string }
  | { kind: 'type'; value: unknown }
  | { kind: 'pollute'; key: string }
  | { kind: 'deep'; depth: number; objects: boolean }
  | { kind: 'drop' };

let mutations: fc.Arbitrary<Mutation> | undefined;
/**
 * Made on first use, not at import: a binary string arbitrary maps every code point when it is made,
 * and every test file that imports @academy/testing would pay for it.
 */
const mutation = (): fc.Arbitrary<Mutation> =>
  (mutations ??= fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((value) => ({ kind: 'string' as const, value })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map((value) => ({ kind: 'string' as const, value })) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, 0, -1, 1e308, -0, true, 'str', [], {}, [1, 'a'], { a: { b: 1 } }, 2 ** 53 + 1, 2 ** 53 - 1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 1.5, '00000000-0000-0000-0000-000000000000').map((value) => ({ kind: 'type' as const, value })) },
  { weight: 2, arbitrary: fc.constantFrom(...POLLUTING_KEYS).map((key) => ({ kind: 'pollute' as const, key })) },
  { weight: 1, arbitrary: fc.record({ depth: fc.constantFrom(100, 5_000, 50_000), objects: fc.boolean() }).map((x) => ({ kind: 'deep' as const, ...x })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
  ));

/** Every place of a JSON value: [] is the root. */
function places(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (Array.isArray(v)) v.forEach((x, i) => places(x, [...path, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) places(x, [...path, k], out);
  return out;
}

function apply(value: unknown, path: (string | number)[], m: Mutation): unknown {
  const change = (v: unknown): unknown => {
    switch (m.kind) {
      case 'string':
        return m.value;
      case 'type':
        return m.value;
      case 'deep':
        return '@@DEEP@@';
      case 'pollute':
        // An own key, as JSON.parse makes it (a literal `{ __proto__: x }` would set the prototype).
        return v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.parse(`{${JSON.stringify(m.key)}:{"isAdmin":true,"role":"admin"},${JSON.stringify(v).slice(1)}`.replace(/,}$/, '}')) : JSON.parse(`{${JSON.stringify(m.key)}:{"role":"admin"}}`);
      case 'drop':
        return undefined;
    }
  };
  if (path.length === 0) return change(value);
  const clone = structuredClone(value) as Record<string | number, unknown>;
  let at = clone;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  const next = change(at[last]);
  if (next === undefined) delete at[last];
  else at[last] = next;
  return clone;
}

/** JSON text of a valid body. */
export function validBody(schema: z.ZodType, o: ArbitraryOptions = {}): fc.Arbitrary<string> {
  return validValue(schema, o).map((v) => JSON.stringify(v ?? {}));
}

/** JSON text (or not quite JSON) of a body that breaks the schema, or the text rule, in one place. */
export function hostileBody(schema: z.ZodType, o: ArbitraryOptions = {}): fc.Arbitrary<string> {
  const mutated = fc.tuple(validValue(schema, o), fc.nat(), mutation()).map(([v, pick, m]) => {
    const base = v ?? {};
    const all = places(base);
    const path = all[pick % all.length];
    const mutatedValue = apply(base, path, m);
    let text = JSON.stringify(mutatedValue === undefined ? {} : mutatedValue);
    if (m.kind === 'deep') text = text.replace(DEEP, m.objects ? deepObject(m.depth) : deepJson(m.depth));
    return text;
  });
  const whole = fc.constantFrom(
    '',
    'null',
    '[]',
    '"text"',
    '42',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    deepJson(100_000),
    JSON.stringify({ x: 'y'.repeat(2_000_000) }),
  );
  return fc.oneof({ weight: 6, arbitrary: mutated }, { weight: 1, arbitrary: whole });
}
