// planSubmissions, the pure fold of grading's set handler (ADR 0035): what a batch leaves, apart from the database.
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@academy/event-store';
import { planSubmissions } from './submissions.set.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [STUDENT, ITEM, WEEK, SUBJECT, PROGRAM, TEACHER] = [1, 2, 3, 4, 5, 6].map(id);
const STREAM = `work-${STUDENT}-${ITEM}`;
let position = 0;
const stored = (type: string, streamVersion: number, data: object, personal: Record<string, unknown> | null, streamId = STREAM): StoredEvent => ({
  position: ++position,
  streamId,
  streamVersion,
  id: id(1000 + position),
  type,
  schemaVersion: 1,
  data,
  personal: personal && { subjectId: STUDENT, data: personal },
  erased: false,
  metadata: { actorId: null, actorRole: null, correlationId: id(9), causationId: null, occurredAt: `2026-01-01T00:00:0${position}.123456Z` },
  recordedAt: '2026-01-01T00:00:00.000000Z',
  hash: 'h',
});
const common = (submission: number) => ({ submissionId: id(submission), studentId: STUDENT, kind: 'task', itemId: ITEM, weekId: WEEK, subjectId: SUBJECT });
const submitted = (v: number, submission: number, attempt: number) =>
  stored('WorkSubmitted', v, { ...common(submission), programId: PROGRAM, githubUrl: 'https://github.com/a/b', attempt, late: false, dueAt: null }, { notes: `n${attempt}` });
const graded = (v: number, submission: number, status: string, score: number | null) =>
  stored('SubmissionGraded', v, { ...common(submission), teacherId: TEACHER, attempt: 1, score, status, previous: null }, { feedback: status });

describe('planSubmissions', () => {
  it('folds two attempts and their grades of one stream: the last takes latest, every row ends at the last version', () => {
    const plan = planSubmissions([submitted(3, 101, 1), graded(4, 101, 'needs_revision', 40), submitted(5, 102, 2), graded(6, 99, 'passed', 90), stored('CapstonePassed', 7, {}, null)])!;
    expect(plan.streams).toEqual([{ streamId: STREAM, version: 7, superseded: true }]);
    // 99 is not an attempt of this batch: a row from before it gets the grade.
    expect(plan.grades).toMatchObject([{ id: id(99), status: 'passed', score: 90, feedback: 'passed' }]);
    expect(plan.inserts.map((r) => [r.id, r.latest, r.version, r.grade?.status ?? null, r.notes])).toEqual([
      [id(101), false, 7, 'needs_revision', 'n1'],
      [id(102), true, 7, null, 'n2'],
    ]);
  });

  it('gives up (null: the events one by one) on an attempt id seen twice or graded before it was submitted', () => {
    expect(planSubmissions([submitted(1, 101, 1), submitted(2, 101, 2)])).toBeNull();
    expect(planSubmissions([graded(1, 101, 'passed', 80), submitted(2, 101, 1)])).toBeNull();
  });
});
