// Deterministic JSON for hashing: object keys sorted by UTF-16 code units, no whitespace, values
// written with JSON.stringify's semantics (toJSON honoured, undefined/functions dropped from objects
// and null in arrays, non-finite numbers as null). For JSON values this is RFC 8785 (JCS), so
// anyone can re-derive a hash outside this code. The text an append hashes is also the text stored,
// so what verify() re-canonicalises from the row is the same value.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export function canonicalJson(value: unknown): string {
  return write(value, '') ?? 'null';
}

function write(input: unknown, key: string): string | undefined {
  let value = input;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('a BigInt cannot be stored in an event: JSON has no such type (use a string)');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((v, i) => write(v, String(i)) ?? 'null').join(',')}]`;
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return write(value.valueOf(), key);
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of Object.keys(obj).sort()) {
    const v = write(obj[k], k);
    if (v !== undefined) parts.push(`${JSON.stringify(k)}:${v}`);
  }
  return `{${parts.join(',')}}`;
}
