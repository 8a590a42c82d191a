import { z } from 'zod';

// The one text rule of the boundary (ARCHITECTURE.md §6, issue 13): PostgreSQL text and jsonb cannot
// hold NUL or a lone UTF-16 surrogate, and no field of this product has a use for other control
// characters. Tab, newline and carriage return stay allowed: textareas send "\r\n" in some browsers.
// Forbidden: U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F–U+009F (C0/C1 controls and DEL)
// and any surrogate that is not half of a pair.
// Used three times: text() in every request schema (the browser forms show the message inline), the
// API's global input check (every string and key of every body, query and path, whatever the schema
// says), and the event store's append (the last line of defence).

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL can store `s` as text/jsonb and it carries no forbidden control character. */
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/** Object keys that must never reach a merge or an event (prototype pollution). */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
export const FORBIDDEN_KEY_MESSAGE = 'This field name is not allowed';

/** The shared check: `text()` adds it; tests find bare strings by its absence. */
export const storableText = z.refine<string>(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });

/** `z.string()` of every request schema: the same string schema, refusing what cannot be stored. */
export function text(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return z.string(params).check(storableText);
}

export interface UnstorablePlace {
  /** JSON path of the value or key, e.g. ['weeks', 2, 'title']. */
  path: (string | number)[];
  message: string;
}

/**
 * Every string value and object key in `value` that breaks the rule, with its path. Iterative (a
 * deeply nested body cannot overflow the stack) and bounded: it stops after `limit` places.
 */
export function findUnstorable(value: unknown, limit = 20): UnstorablePlace[] {
  // Paths are linked to their parent and spelled out only for a report: a body nested 50,000 deep
  // costs linear time, not quadratic.
  interface Node {
    v: unknown;
    key: string | number;
    parent: Node | null;
  }
  const pathOf = (n: Node, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at: Node | null = n; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const out: UnstorablePlace[] = [];
  const stack: Node[] = [{ v: value, key: '', parent: null }];
  while (stack.length > 0 && out.length < limit) {
    const n = stack.pop()!;
    const v = n.v;
    if (typeof v === 'string') {
      if (!isStorableText(v)) out.push({ path: pathOf(n), message: UNSTORABLE_TEXT_MESSAGE });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: n });
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (FORBIDDEN_KEYS.has(k)) out.push({ path: pathOf(n, k), message: FORBIDDEN_KEY_MESSAGE });
        else if (!isStorableText(k)) out.push({ path: pathOf(n, k), message: UNSTORABLE_TEXT_MESSAGE });
        else stack.push({ v: (v as Record<string, unknown>)[k], key: k, parent: n });
      }
    }
  }
  return out;
}
