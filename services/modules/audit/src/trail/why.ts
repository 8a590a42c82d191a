// "Why?" over the log (issue 16), shared by the HTTP query and the CLI (`academy audit why`): finds the
// event that set the value, then walks its causes (domain/why.ts).
import type pg from 'pg';
import { eventById, lastEventOf, type LogRow, sameCommandBefore, versionedEventOf } from '@academy/event-store';
import type { AuditWhyResponse, AuditWhyView } from '@academy/contracts';
import { WHY_VALUE_EVENTS, walkWhy, whyValueLabel } from '../domain/why.js';
import { eventSummary } from './event-log.js';

/** The value and its causal chain, newest first; null when there is no such enrollment or graded submission. */
export async function explainValue(pool: pg.Pool, schema: string, view: AuditWhyView, id: string): Promise<AuditWhyResponse | null> {
  const types = WHY_VALUE_EVENTS[view];
  const start =
    view === 'grade-status'
      ? await lastEventOf(pool, schema, { types, dataKey: 'submissionId', dataValue: id })
      : await lastEventOf(pool, schema, { types, stream: `enrollment-${id}` });
  if (!start) return null;
  const chain = await walkWhy(start, {
    byId: (eventId) => eventById(pool, schema, eventId),
    sameCommandBefore: (row) => sameCommandBefore(pool, schema, row),
  });
  const rubric = view === 'grade-status' ? await rubricOf(pool, schema, start) : null;
  // The rubric's criteria and levels made a rubric grade's score: its version's event follows the grade.
  if (rubric) chain.splice(1, 0, { ...rubric, link: 'rubric' });
  return {
    view,
    id,
    value: whyValueLabel(view, start),
    // Summaries only: no personal data, so no masking to decide (open an event for its detail).
    chain: chain.map((r) => ({ ...eventSummary(r), link: r.link })),
  };
}

/** The RubricSet of the version a SubmissionGraded names (issue 30 §2, ADR 0044); null for a grade without a rubric. */
async function rubricOf(pool: pg.Pool, schema: string, graded: LogRow): Promise<LogRow | null> {
  const d = (graded.data ?? {}) as { itemId?: string; rubric?: { version?: number } };
  if (!d.itemId || typeof d.rubric?.version !== 'number') return null;
  return versionedEventOf(pool, schema, { type: 'RubricSet', stream: `rubric-${d.itemId}`, version: d.rubric.version });
}
