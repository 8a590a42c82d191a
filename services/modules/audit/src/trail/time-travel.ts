// Time travel (issue 16, ADR 0031), shared by the HTTP query and the CLI (`academy audit as-of`): maps a
// moment to a log position, reads the streams a view needs up to it, and folds them with the owning
// context's own evolve. The folds are injected (TimeTravelFolds): a context never imports another.
import type pg from 'pg';
import { type EventStore, positionAt, type StoredEvent, streamsAsOf } from '@academy/event-store';
import {
  ADMISSIONS_EVENTS,
  type AsOfEnrollment,
  type AsOfGradebookRow,
  type AsOfProspect,
  type AuditAsOfFilter,
  type AuditAsOfResponse,
  GRADING_EVENTS,
  type ProspectKind,
  type ProspectStatus,
} from '@academy/contracts';

/** The owning contexts' pure folds (their index.ts exports them), composed by the apps. */
export interface TimeTravelFolds {
  enrollment(events: StoredEvent[]): AsOfEnrollment | null;
  gradebook(subjectId: string, streams: StoredEvent[][]): AsOfGradebookRow[];
  pipeline(streams: StoredEvent[][]): { prospects: AsOfProspect[]; counts: Array<{ kind: ProspectKind; status: ProspectStatus; count: number }> };
}

/** The Nest token under which AuditModule.forRoot provides the folds. */
export const TIME_TRAVEL_FOLDS = Symbol('TIME_TRAVEL_FOLDS');

/** A stream's events up to `position`, decrypted through the store (ADR 0003: one key path). */
async function streamUpTo(store: EventStore, streamId: string, position: number): Promise<StoredEvent[]> {
  return (await store.readStream(streamId)).filter((e) => e.position <= position);
}

/** The view as it stood at `q.at`; null when the enrollment did not exist then. */
export async function travel(store: EventStore, pool: pg.Pool, schema: string, folds: TimeTravelFolds, q: AuditAsOfFilter): Promise<AuditAsOfResponse | null> {
  const position = await positionAt(pool, schema, q.at);
  const base = { at: q.at, position };
  switch (q.view) {
    case 'enrollment': {
      const enrollment = folds.enrollment(await streamUpTo(store, `enrollment-${q.id!}`, position));
      return enrollment ? { ...base, view: 'enrollment', id: q.id!, enrollment } : null;
    }
    case 'gradebook': {
      // A work stream belongs to one item, so to one subject: its first submission names it.
      const ids = await streamsAsOf(pool, schema, { prefix: 'work-', types: [GRADING_EVENTS.WorkSubmitted], upTo: position, dataKey: 'subjectId', dataValue: q.id! });
      const streams = await Promise.all(ids.map((id) => streamUpTo(store, id, position)));
      return { ...base, view: 'gradebook', id: q.id!, rows: folds.gradebook(q.id!, streams) };
    }
    case 'pipeline': {
      const ids = await streamsAsOf(pool, schema, { prefix: 'prospect-', types: [ADMISSIONS_EVENTS.ApplicationSubmitted, ADMISSIONS_EVENTS.QuickContactReceived], upTo: position });
      const streams = await Promise.all(ids.map((id) => streamUpTo(store, id, position)));
      return { ...base, view: 'pipeline', ...folds.pipeline(streams) };
    }
  }
}
