// `projections retry <name>` reports what the retry came to: recovered (exit 0), still failing or only
// requested (exit 1), for a projection and for a dispatcher or reactor of that name.
import { describe, expect, it } from '@jest/globals';
import { retryReport } from './projections-retry.js';

const failing = { position: 250, error: 'Deposited e1: refusing event 250 (test)', failedAt: '2026-11-24T11:59:00.000Z', attempts: 4 };

describe('projections retry', () => {
  it('reports a projection by name and version', () => {
    expect(retryReport('demo_accounts', { result: 'recovered', name: 'demo_accounts', version: 1, checkpoint: 350 }, null)).toEqual({
      code: 0,
      lines: ['demo_accounts v1 recovered: checkpoint 350, following the log again'],
    });
    expect(retryReport('demo_accounts', { result: 'still failing', name: 'demo_accounts', version: 1, checkpoint: 249, failing }, null)).toEqual({
      code: 1,
      lines: ['demo_accounts v1 is still failing at position 250: Deposited e1: refusing event 250 (test)'],
    });
    expect(retryReport('demo_accounts', { result: 'requested', name: 'demo_accounts', version: 1, checkpoint: 249, failing }, null)).toEqual({
      code: 1,
      lines: ['demo_accounts v1: retry requested, but no runner has tried yet (is the worker running?); it tries when one leads'],
    });
  });

  it('reports a consumer by kind and name', () => {
    expect(retryReport('notifications', null, { result: 'recovered', name: 'notifications', kind: 'dispatcher', checkpoint: 350 })).toEqual({
      code: 0,
      lines: ['dispatcher notifications recovered: checkpoint 350, following the log again'],
    });
    expect(retryReport('welcomer', null, { result: 'still failing', name: 'welcomer', kind: 'reactor', checkpoint: 249, failing })).toEqual({
      code: 1,
      lines: ['reactor welcomer is still failing at position 250: Deposited e1: refusing event 250 (test)'],
    });
    expect(retryReport('legacy', null, { result: 'requested', name: 'legacy', kind: null, checkpoint: 249, failing })).toEqual({
      code: 1,
      lines: ['consumer legacy: retry requested, but it has not tried yet (is the worker running?); it tries when one leads'],
    });
  });

  it('says when there was nothing to retry', () => {
    expect(retryReport('demo_accounts', { result: 'not failing', name: 'demo_accounts' }, null)).toEqual({ code: 0, lines: ['demo_accounts is not failing: nothing to retry'] });
    expect(retryReport('welcomer', null, { result: 'not failing', name: 'welcomer' })).toEqual({ code: 0, lines: ['welcomer is not failing: nothing to retry'] });
  });
});
