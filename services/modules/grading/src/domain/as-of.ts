// Time travel (issue 16, ADR 0031): a subject's gradebook as it stood after some events, each work
// stream folded with this context's own evolve. Pure. Feedback is personal and is left out.
import { fold, type StoredEvent } from '@academy/event-store';
import type { AsOfGradebookFoldRow } from '@academy/contracts';
import { workDecider } from './work.js';

/**
 * The subject's attempts after `streams` (each a work stream's events, oldest first), ordered by
 * student, item and attempt. A stream holds one student's attempts at one item, so all of one subject.
 */
export function gradebookAsOf(subjectId: string, streams: StoredEvent[][]): AsOfGradebookFoldRow[] {
  const rows: AsOfGradebookFoldRow[] = [];
  for (const events of streams) {
    const state = fold(workDecider, events);
    const last = state.attempts.at(-1);
    for (const a of state.attempts) {
      if (a.subjectId !== subjectId) continue;
      rows.push({
        submissionId: a.submissionId,
        studentId: state.studentId!,
        itemId: a.itemId,
        kind: a.kind,
        weekId: a.weekId,
        attempt: a.attempt,
        latest: a === last,
        grade: a.grade ? { status: a.grade.status, score: a.grade.score, teacherId: a.grade.teacherId } : null,
      });
    }
  }
  const key = (r: AsOfGradebookFoldRow) => `${r.studentId} ${r.itemId} ${String(r.attempt).padStart(6, '0')}`;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
