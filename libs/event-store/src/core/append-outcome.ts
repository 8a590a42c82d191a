// What an append came to (shared core). Each adapter judges a group of appends by the same rules
// (PostgreSQL in append_events, KurrentDB in judgeGroup over its log index) and answers one
// Judgement per append; these turn judgements into the port's results and errors, the same for all.
import { ConcurrencyError, EventIdConflictError, type AppendResult } from '../port.js';
import type { PreparedAppend } from './prepare.js';

export type Judgement =
  | { status: 'ok'; lastPosition: number; streamVersion: number }
  | { status: 'duplicate'; lastPosition: number; streamVersion: number }
  | { status: 'conflict'; actualVersion: number }
  | { status: 'id_conflict'; conflictingIds: string[] };

/** One append's result, or its error. */
export function outcome(judgement: Judgement, append: PreparedAppend): AppendResult {
  switch (judgement.status) {
    case 'ok':
    case 'duplicate':
      return { lastPosition: judgement.lastPosition, streamVersion: judgement.streamVersion };
    case 'conflict':
      // Only an append with a numeric expected version can conflict.
      throw new ConcurrencyError(append.streamId, append.expected as number, judgement.actualVersion);
    case 'id_conflict':
      throw new EventIdConflictError(append.streamId, judgement.conflictingIds);
  }
}

/** appendMany writes its batch only when every append of it may be written. */
export function allWritable(judgements: Judgement[]): boolean {
  return judgements.every((j) => j.status === 'ok');
}

/**
 * appendMany's results: every append written, or every one a retry of an earlier batch (answered
 * with the original results). Anything else is refused, naming the first stale stream, or else the
 * first append not written.
 */
export function batchOutcome(group: PreparedAppend[], judgements: Judgement[]): AppendResult[] {
  const statuses = new Set(judgements.map((j) => j.status));
  if (statuses.size === 1 && (statuses.has('ok') || statuses.has('duplicate'))) return judgements.map((j, i) => outcome(j, group[i]));
  const stale = judgements.findIndex((j) => j.status === 'conflict');
  if (stale >= 0) outcome(judgements[stale], group[stale]); // throws the stale stream's ConcurrencyError
  // A batch partly stored already is not a retry of one earlier batch.
  const first = Math.max(0, judgements.findIndex((j) => j.status !== 'ok'));
  const bad = judgements[first];
  throw new EventIdConflictError(group[first].streamId, bad.status === 'id_conflict' ? bad.conflictingIds : group[first].ids);
}
