// Time travel's fold of a subject's gradebook (ADR 0031): each work stream's attempts after a prefix of it.
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@academy/event-store';
import { gradebookAsOf } from './as-of.js';

let position = 0;
const stored = (streamId: string, type: string, data: Record<string, unknown>): StoredEvent => ({
  position: ++position,
  streamId,
  streamVersion: position,
  id: `id-${position}`,
  type,
  schemaVersion: 1,
  data,
  personal: null,
  erased: false,
  metadata: { actorId: null, actorRole: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-11-24T08:00:00.000Z' },
  recordedAt: '2026-11-24T08:00:00.000Z',
  hash: '',
});
const item = { kind: 'task', itemId: 'i1', weekId: 'w1', subjectId: 's1', programId: 'p1', studentId: 'st1' };
const submitted = (submissionId: string, attempt: number, over: Record<string, unknown> = {}) => stored('work-st1-i1', 'WorkSubmitted', { ...item, submissionId, attempt, ...over });
const graded = (submissionId: string, attempt: number, status: string) =>
  stored('work-st1-i1', 'SubmissionGraded', { ...item, submissionId, attempt, status, score: 60, teacherId: 't1', previous: null });

describe("a subject's gradebook as it stood", () => {
  it('shows every attempt with its grade then, the superseded one not latest; feedback never', () => {
    const stream = [submitted('a1', 1), graded('a1', 1, 'needs_revision'), submitted('a2', 2)];
    expect(gradebookAsOf('s1', [stream.slice(0, 1)])).toEqual([{ submissionId: 'a1', studentId: 'st1', itemId: 'i1', kind: 'task', weekId: 'w1', attempt: 1, latest: true, grade: null }]);
    const now = gradebookAsOf('s1', [stream]);
    expect(now.map((r) => [r.submissionId, r.latest, r.grade?.status ?? null])).toEqual([
      ['a1', false, 'needs_revision'],
      ['a2', true, null],
    ]);
    expect(JSON.stringify(now)).not.toContain('feedback');
  });

  it("leaves out another subject's attempts", () => {
    expect(gradebookAsOf('s2', [[submitted('a1', 1)]])).toEqual([]);
  });
});
