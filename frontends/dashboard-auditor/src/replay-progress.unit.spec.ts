import { describe, expect, it } from '@jest/globals';
import { replayPercent } from './replay-progress';

describe("the replay's progress bar", () => {
  it('counts the projections done and the share of the current one', () => {
    expect(replayPercent(null)).toBe(0);
    expect(replayPercent({ projection: 'a', index: 1, count: 4, applied: 0, head: 1000 })).toBe(0);
    expect(replayPercent({ projection: 'a', index: 1, count: 4, applied: 500, head: 1000 })).toBe(12);
    expect(replayPercent({ projection: 'c', index: 3, count: 4, applied: 1000, head: 1000 })).toBe(75);
    expect(replayPercent({ projection: 'd', index: 4, count: 4, applied: 1000, head: 1000 })).toBe(100);
  });

  it('treats an empty log as done for that projection, and never passes 100', () => {
    expect(replayPercent({ projection: 'a', index: 2, count: 2, applied: 0, head: 0 })).toBe(100);
    expect(replayPercent({ projection: 'a', index: 1, count: 2, applied: 30, head: 20 })).toBe(50);
  });
});
