// foldedSet: the plan's writes when the fold expresses the run, else the run one by one in log order.
import { describe, expect, it } from '@jest/globals';
import { foldedSet } from './folded-set.js';
import type { StoredEvent } from '../port.js';
import type { ProjectionTx } from './types.js';

const tx = {} as ProjectionTx;
const ev = (type: string, position: number) => ({ type, position }) as StoredEvent;
const run = [ev('A', 1), ev('B', 2), ev('A', 3)];

function set(plan: (events: StoredEvent[]) => string | null, written: boolean | void) {
  const log: string[] = [];
  const handler = (e: StoredEvent) => void log.push(`${e.type}${e.position}`);
  const s = foldedSet<string>({
    reference: { A: async (e) => handler(e), B: async (e) => handler(e) },
    flushBefore: ['C'],
    plan,
    write: async (p) => {
      log.push(`write ${p}`);
      return written;
    },
  });
  return { s, log };
}

describe('foldedSet', () => {
  it('takes its types from the reference and keeps flushBefore', () => {
    const { s } = set(() => 'p', undefined);
    expect(s.types).toEqual(['A', 'B']);
    expect(s.flushBefore).toEqual(['C']);
  });

  it('writes the plan when the fold expresses the run, and applies no event by itself', async () => {
    const { s, log } = set((events) => events.map((e) => e.position).join('+'), undefined);
    await s.apply(run, tx);
    expect(log).toEqual(['write 1+2+3']);
  });

  it('applies the run one by one, in log order, when the plan is null', async () => {
    const { s, log } = set(() => null, undefined);
    await s.apply(run, tx);
    expect(log).toEqual(['A1', 'B2', 'A3']);
  });

  it('applies the run one by one after a write that answers false', async () => {
    const { s, log } = set(() => 'p', false);
    await s.apply(run, tx);
    expect(log).toEqual(['write p', 'A1', 'B2', 'A3']);
  });
});
