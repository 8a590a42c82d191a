// `projections status` prints the projections' and the consumers' tables, columns aligned, then each
// failing one with its position, since when, its tries and its error, and what to do about it.
import { describe, expect, it } from '@jest/globals';
import type { ConsumerStatusRow, ProjectionStatusRow } from '@academy/event-store';
import { statusLines } from './projections-status.js';

const projection = (name: string, extra: Partial<ProjectionStatusRow> = {}): ProjectionStatusRow => ({
  name,
  version: 1,
  status: 'live',
  schema: `${name}__v1_0a1b2c3d`,
  checkpoint: 350,
  head: 350,
  lag: 0,
  updatedAt: '2026-11-24T12:00:00.000Z',
  failing: null,
  ...extra,
});
const consumer = (name: string, extra: Partial<ConsumerStatusRow> = {}): ConsumerStatusRow => ({ name, kind: 'reactor', checkpoint: 350, head: 350, lag: 0, updatedAt: '2026-11-24T12:00:00.000Z', failing: null, ...extra });
const failure = (position: number, attempts: number, error: string) => ({ position, attempts, error, failedAt: '2026-11-24T11:59:00.000Z' });

describe('projections status', () => {
  it('aligns the columns; no consumers, no second table', () => {
    expect(statusLines([projection('demo_accounts', { checkpoint: 300, lag: 50 }), projection('other', { status: 'not started', schema: null, checkpoint: 0, lag: 350 })], [])).toEqual([
      'name           version  status       checkpoint  head  lag  health',
      'demo_accounts  1        live         300         350   50   ok',
      'other          1        not started  0           350   350  ok',
    ]);
  });

  it('names each failing projection and consumer with its position, tries and error, then the repair', () => {
    const lines = statusLines(
      [projection('demo_accounts', { checkpoint: 249, lag: 101, failing: failure(250, 3, 'Deposited e1: refusing event 250 (test)') }), projection('other_accounts')],
      [consumer('notifications', { kind: 'dispatcher' }), consumer('welcomer', { checkpoint: 99, lag: 251, failing: failure(100, 1, 'AccountOpened e2: bug') }), consumer('legacy', { kind: null })],
    );
    expect(lines).toEqual([
      'name            version  status  checkpoint  head  lag  health',
      'demo_accounts   1        live    249         350   101  FAILING at 250',
      'other_accounts  1        live    350         350   0    ok',
      '',
      'consumer       kind        checkpoint  head  lag  health',
      'notifications  dispatcher  350         350   0    ok',
      'welcomer       reactor     99          350   251  FAILING at 100',
      'legacy         ?           350         350   0    ok',
      'demo_accounts v1 is failing at position 250 since 2026-11-24T11:59:00.000Z (3 tries): Deposited e1: refusing event 250 (test)',
      'reactor welcomer is failing at position 100 since 2026-11-24T11:59:00.000Z (1 try): AccountOpened e2: bug',
      'fix the cause (handler code or an upcaster), then: academy projections retry <name>',
    ]);
  });
});
