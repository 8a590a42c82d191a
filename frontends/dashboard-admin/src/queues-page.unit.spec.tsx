import { describe, expect, it } from '@jest/globals';
import type { AdminQueues } from '@academy/contracts';
import { queueKeys } from '@academy/web-dashboard';
import { QueuesPage } from './queues-page';
import { cells, rendererFor, rowOf } from '@academy/web-dashboard/testing';

const render = rendererFor('admin');

const answer: AdminQueues = {
  queues: [
    {
      name: 'mail',
      counts: { waiting: 2, active: 0, delayed: 1, failed: 1, completed: 40 },
      failed: [{ id: 'j-7', name: 'welcome', failedReason: 'SMTP 451 try again later', attemptsMade: 5, createdAt: '2026-11-24T08:00:00.000Z', failedAt: '2026-11-24T08:05:00.000Z' }],
    },
    { name: 'system', counts: { waiting: 0, active: 1, delayed: 0, failed: 0, completed: 9 }, failed: [] },
    { name: 'audit', counts: { waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 }, failed: [] },
  ],
};

describe('QueuesPage', () => {
  it('shows each queue with its counts, its failed jobs with the reason and a Retry button, and says when none failed', () => {
    const html = render(<QueuesPage />, [[queueKeys.all, answer]], '/dashboard/admin/queues');
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Queues');
    expect([...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) => m[1])).toEqual(['Mail queue', 'System queue', 'Audit queue']);
    expect(html).toContain('2 waiting · 0 active · 1 delayed · 1 failed · 40 completed');
    const row = rowOf(html, 'j-7');
    expect(cells(row)[0]).toBe('welcome j-7');
    expect(cells(row).slice(2, 4)).toEqual(['5', 'SMTP 451 try again later']);
    expect(row).toMatch(/<button[^>]*aria-label="Retry welcome job j-7"[^>]*>Retry<\/button>/);
    expect(html.match(/No failed jobs\./g)).toHaveLength(2);
  });
});
