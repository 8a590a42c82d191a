// `audit replay` prints each projection's verdict with its differing tables and rows, then `equal` or
// `DIFFERENT`; its progress goes to stderr with counts and an ETA over every projection still to come.
import { describe, expect, it } from '@jest/globals';
import { replayProgressOnStderr } from '../progress.js';
import { replayLines } from './audit-replay.js';

describe('audit replay', () => {
  it('prints the differing tables, how many rows differ and the first ones, then DIFFERENT', () => {
    const live = { table: 'balances', side: 'live-only', row: { account: 'a3', balance: 11 } } as const;
    const replayed = { table: 'balances', side: 'replay-only', row: { account: 'a3', balance: 10 } } as const;
    const lines = replayLines({
      equal: false,
      projections: [
        {
          name: 'demo_accounts',
          version: 1,
          result: 'different',
          position: 400,
          diffs: [live, replayed],
          missingTables: [{ table: 'openings', side: 'replay-only' }],
          counts: [
            { table: 'balances', side: 'live-only', rows: 3 },
            { table: 'balances', side: 'replay-only', rows: 1 },
          ],
        },
        { name: 'new_one', version: 2, result: 'skipped', position: 0, reason: 'no live version', diffs: [], missingTables: [], counts: [] },
      ],
    });
    expect(lines).toEqual([
      'demo_accounts v1 at 400: different',
      '  table openings: replay-only',
      '  balances live-only: 3 rows (the first ones below)',
      '  balances replay-only: 1 row',
      '  balances live-only: {"account":"a3","balance":11}',
      '  balances replay-only: {"account":"a3","balance":10}',
      'new_one v2: skipped (no live version)',
      'DIFFERENT',
    ]);
    expect(replayLines({ equal: true, projections: [{ name: 'demo_accounts', version: 1, result: 'equal', position: 350, diffs: [], missingTables: [], counts: [] }] })).toEqual([
      'demo_accounts v1 at 350: equal',
      'equal',
    ]);
  });

  it('reports progress per projection on stderr, counting the projections still to come', () => {
    let err = '';
    const progress = replayProgressOnStderr({ write: (t: string) => (err += t) })!;
    progress({ projection: 'users', index: 1, count: 2, applied: 0, head: 400 });
    progress({ projection: 'users', index: 1, count: 2, applied: 400, head: 400 });
    progress({ projection: 'grades', index: 2, count: 2, applied: 200, head: 400 });
    progress({ projection: 'grades', index: 2, count: 2, applied: 400, head: 400 });
    const lines = err.split('\n');
    expect(lines.slice(0, 3).map((l) => l.replace(/ETA \S+ s$/, 'ETA n s'))).toEqual([
      'replay users (1/2): 0/400 events (0 %), ETA n s',
      'replay users (1/2): 400/400 events (100 %), ETA n s',
      'replay grades (2/2): 600/800 events (75 %), ETA n s',
    ]);
    expect(lines.slice(3)).toEqual(['replay grades (2/2): 800/800 events (100 %), ETA 0 s', '']);
    expect(replayProgressOnStderr(undefined)).toBeUndefined();
  });
});
