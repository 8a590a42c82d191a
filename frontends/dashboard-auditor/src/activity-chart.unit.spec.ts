import { describe, expect, it } from '@jest/globals';
import { activityBars } from './activity-chart';

describe('activityBars', () => {
  it('has one bar per day, empty days included, stacked by context with the types behind each part', () => {
    const bars = activityBars(
      {
        since: '2026-11-22',
        activity: [
          { day: '2026-11-22', context: 'grading', type: 'SubmissionGraded', count: 2 },
          { day: '2026-11-22', context: 'grading', type: 'CapstonePassed', count: 1 },
          { day: '2026-11-24', context: 'audit', type: 'AuditTrailViewed', count: 5 },
          { day: '2026-11-24', context: null, type: 'Odd', count: 1 },
        ],
      },
      '2026-11-24',
    );
    expect(bars).toEqual([
      { day: '2026-11-22', total: 3, parts: [{ context: 'grading', count: 3, types: ['SubmissionGraded 2', 'CapstonePassed 1'] }] },
      { day: '2026-11-23', total: 0, parts: [] },
      {
        day: '2026-11-24',
        total: 6,
        parts: [
          { context: 'audit', count: 5, types: ['AuditTrailViewed 5'] },
          { context: 'other', count: 1, types: ['Odd 1'] },
        ],
      },
    ]);
  });
});
