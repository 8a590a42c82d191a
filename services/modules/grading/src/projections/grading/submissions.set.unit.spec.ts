// The fold of grading's submissions set (ADR 0035): what a run leaves, and where a new run starts, apart from the database.
import { describe, expect, it } from '@jest/globals';
import { foldRuns, type StoredEvent } from '@academy/event-store';
import { submissionsSet, type SubmissionsRun } from './submissions.set.js';

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
  metadata: { actorId: null, actorRole: null, correlationId: id(9), causationId: null, occurredAt: `2026-01-01T00:00:${String(position).padStart(2, '0')}.123456Z` },
  recordedAt: '2026-01-01T00:00:00.000000Z',
  hash: 'h',
});
const common = (submission: number) => ({ submissionId: id(submission), studentId: STUDENT, kind: 'task', itemId: ITEM, weekId: WEEK, subjectId: SUBJECT });
const submitted = (v: number, submission: number, attempt: number) =>
  stored('WorkSubmitted', v, { ...common(submission), programId: PROGRAM, githubUrl: 'https://github.com/a/b', attempt, late: false, dueAt: null }, { notes: `n${attempt}` });
const graded = (v: number, submission: number, status: string, score: number | null) =>
  stored('SubmissionGraded', v, { ...common(submission), teacherId: TEACHER, attempt: 1, score, status, previous: null }, { feedback: status });

const inserted = (run: SubmissionsRun) => [...run.inserts.values()].map((r) => [r.id, r.latest, r.grade?.status ?? null, r.notes]);

describe('submissions set', () => {
  it('folds two attempts and their grades of one stream into one run: the last takes latest, the stream ends at its last version', () => {
    const runs = foldRuns(submissionsSet, [submitted(3, 101, 1), graded(4, 101, 'needs_revision', 40), submitted(5, 102, 2), graded(6, 99, 'passed', 90), stored('CapstonePassed', 7, {}, null)]);
    expect(runs).toHaveLength(1);
    expect([...runs[0].streams.values()]).toEqual([{ streamId: STREAM, version: 7, superseded: true }]);
    // 99 is not an attempt of this run: a row from before it gets the grade.
    expect([...runs[0].grades.values()]).toMatchObject([{ id: id(99), status: 'passed', score: 90, feedback: 'passed' }]);
    expect(inserted(runs[0])).toEqual([
      [id(101), false, 'needs_revision', 'n1'],
      [id(102), true, null, 'n2'],
    ]);
  });

  it('starts a new run at an attempt id the run already inserted, or graded as a row from before it', () => {
    const twice = foldRuns(submissionsSet, [submitted(1, 101, 1), graded(2, 101, 'passed', 80), submitted(3, 101, 2)]);
    expect(twice.map(inserted)).toEqual([[[id(101), true, 'passed', 'n1']], [[id(101), true, null, 'n2']]]);
    const gradedFirst = foldRuns(submissionsSet, [graded(1, 101, 'passed', 80), submitted(2, 101, 1), submitted(3, 102, 2)]);
    expect(gradedFirst.map((run) => [[...run.grades.keys()], inserted(run).map(([i, latest]) => [i, latest])])).toEqual([
      [[id(101)], []],
      [[], [[id(101), false], [id(102), true]]],
    ]);
  });
});
