// The pin columns of `submissions` (grading v3, ADR 0039): a commit read at submission, a pin left
// pending then settled by the retry job (pinned or failed, once), an attempt from before pinning; in
// batches of every size the same. A pin arriving does not move the work stream's version (a teacher's
// expectedVersion stays good).
import { describe, expect, it } from '@jest/globals';
import { event, projectionSpec, type GivenEvent } from '@academy/testing/projection';
import { gradingProjection } from './grading.projection.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [PROGRAM, SUBJECT, WEEK, STUDENT] = [1, 2, 3, 4].map(id);
const sha = (c: string) => c.repeat(40);
const spec = projectionSpec(() => gradingProjection, 'grading_pins');

const submit = (n: number, commit?: { sha: string; readAt: string } | null): GivenEvent =>
  event(
    `work-${STUDENT}-${id(n + 1000)}`,
    'WorkSubmitted',
    {
      submissionId: id(n), studentId: STUDENT, kind: 'task', itemId: id(n + 1000), weekId: WEEK, subjectId: SUBJECT, programId: PROGRAM,
      githubUrl: `https://github.com/ada/r${n}`, attempt: 1, late: false, dueAt: null, ...(commit === undefined ? {} : { commit }),
    },
    { personal: { subjectId: STUDENT, data: { notes: '' } } },
  );
const pinned = (n: number, c: string, readAt: string) => event(`submission-pin-${id(n)}`, 'SubmissionCommitPinned', { submissionId: id(n), studentId: STUDENT, itemId: id(n + 1000), sha: sha(c), readAt });
const failed = (n: number) => event(`submission-pin-${id(n)}`, 'SubmissionPinFailed', { submissionId: id(n), studentId: STUDENT, itemId: id(n + 1000), reason: 'host unreachable' });

const log: GivenEvent[] = [
  submit(1, { sha: sha('a'), readAt: '2026-11-28T08:00:00.123456Z' }),
  submit(2, null),
  submit(3, null),
  submit(4),
  submit(5, null),
  pinned(2, 'b', '2026-11-28T09:30:00.654321Z'),
  failed(3),
  pinned(5, 'c', '2026-11-28T10:00:00.000Z'),
  // Never in a real log (the pin stream settles once): a row already settled keeps its pin.
  failed(5),
];
const ROWS = `SELECT id, pin_state, commit_sha, to_char(pinned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS pinned_at, version FROM submissions ORDER BY id`;

describe('grading submissions: the pinned commit', () => {
  it('records the commit read at submission, a pending pin settled later (pinned or failed, once), none before pinning; every batch size alike', async () => {
    const reference = await spec.given(log, { eventByEvent: true });
    for (const batchSize of [1, 2, 3, 2000]) expect(await (await spec.given(log, { batchSize })).tables()).toEqual(await reference.tables());
    expect(await reference.rows(ROWS)).toEqual([
      { id: id(1), pin_state: 'pinned', commit_sha: sha('a'), pinned_at: '2026-11-28T08:00:00.123456', version: 1 },
      { id: id(2), pin_state: 'pinned', commit_sha: sha('b'), pinned_at: '2026-11-28T09:30:00.654321', version: 1 },
      { id: id(3), pin_state: 'failed', commit_sha: null, pinned_at: null, version: 1 },
      { id: id(4), pin_state: null, commit_sha: null, pinned_at: null, version: 1 },
      { id: id(5), pin_state: 'pinned', commit_sha: sha('c'), pinned_at: '2026-11-28T10:00:00.000000', version: 1 },
    ]);
  });
});
