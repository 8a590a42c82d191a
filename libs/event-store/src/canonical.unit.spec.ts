import { canonicalJson } from './canonical.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops whitespace, so equal values give equal text', () => {
    const a = canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } });
    const b = canonicalJson({ a: { c: 'x', d: [3, { y: 2, z: 1 }] }, b: 1 });
    expect(a).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
    expect(b).toBe(a);
  });

  it('follows JSON.stringify semantics: undefined dropped, toJSON honoured, NaN as null', () => {
    expect(canonicalJson({ u: undefined, d: new Date(0), n: null, f: () => 1, x: NaN, arr: [undefined, -0] })).toBe(
      '{"arr":[null,0],"d":"1970-01-01T00:00:00.000Z","n":null,"x":null}',
    );
    expect(canonicalJson(undefined)).toBe('null');
    expect(() => canonicalJson({ big: 1n })).toThrow(/BigInt/);
  });

  it('is a fixed point of parse → canonicalise (what verify() recomputes from storage)', () => {
    const samples: unknown[] = [
      { 'é': 'ünïcödé ✓ 😀', '\u0001': 'ctl\n"q"\\', a: [1.5, 1e21, 5e-324, -1, 0.1 + 0.2, true, null] },
      { nested: { deeper: { list: [{ b: 2, a: 1 }, [], {}] } }, B: 1, a: 2, _: 3, '10': 4, '9': 5 },
    ];
    for (const s of samples) {
      const text = canonicalJson(s);
      expect(canonicalJson(JSON.parse(text))).toBe(text);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(s)));
    }
  });
});
