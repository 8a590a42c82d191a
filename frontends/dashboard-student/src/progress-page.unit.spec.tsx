import { describe, expect, it } from '@jest/globals';
import type { ProgressResponse } from '@academy/contracts';
import { gradingKeys } from '@academy/web-dashboard';
import { ProgressPage, progressTotals } from './progress-page';
import { cells, figure, rendererFor, rowOf, text } from '@academy/web-dashboard/testing';
import { trendCoordinates } from './score-chart';

const render = rendererFor('student');

describe('Progress', () => {
  const progress: ProgressResponse = {
    currentWeek: 2,
    percent: 10,
    weeks: [{ weekNumber: 1, tasksSubmitted: 2, tasksGraded: 1, capstonesSubmitted: 1, capstonesPassed: 1, averageScore: 85 }],
    trend: [
      { gradedAt: '2026-11-24T10:00:00.000Z', score: 80, title: 'Flexbox', kind: 'task', weekNumber: 1 },
      { gradedAt: '2026-11-24T11:00:00.000Z', score: 90, title: 'Landing page', kind: 'capstone', weekNumber: 1 },
    ],
  };

  it('shows the week, the totals, the week-by-week table and the score trend', () => {
    const html = render(<ProgressPage />, [[gradingKeys.progress, progress]]);
    expect(text(/data-testid="program-progress">(.*?)<\/span>/.exec(html)?.[1] ?? '')).toBe('Week 2 of 20 · 10%');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="10"/);
    expect(figure(html, 'Tasks Submitted')).toBe('2');
    expect(figure(html, 'Capstones Passed')).toBe('1');
    expect(cells(rowOf(html, 'data-week="1"'))).toEqual(['Week 1', '2', '1', 'Passed', '85.0/100']);
    expect(html).toContain('aria-label="Score trend: Week 1 Flexbox 80, Week 1 Landing page 90"');
    expect([...html.matchAll(/data-score="([^"]+)"/g)].map((m) => m[1])).toEqual(['80', '90']);
  });

  it('adds up the weeks', () => {
    expect(progressTotals([...progress.weeks, { weekNumber: 2, tasksSubmitted: 3, tasksGraded: 3, capstonesSubmitted: 0, capstonesPassed: 0, averageScore: null }])).toEqual({
      tasksSubmitted: 5,
      tasksGraded: 4,
      capstonesPassed: 1,
    });
  });

  it('draws 0 at the bottom and 100 at the top, left to right in order', () => {
    const [low, high, mid] = trendCoordinates([
      { label: 'a', score: 0 },
      { label: 'b', score: 100 },
      { label: 'c', score: 50 },
    ]);
    expect(low.y).toBeGreaterThan(mid.y);
    expect(mid.y).toBeGreaterThan(high.y);
    expect(low.x).toBeLessThan(high.x);
    expect(high.x).toBeLessThan(mid.x);
    expect(trendCoordinates([{ label: 'only', score: 120 }])[0].y).toBe(high.y);
  });
});
