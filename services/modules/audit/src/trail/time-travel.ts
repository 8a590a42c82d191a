// Time travel (issue 16, ADR 0031), shared by the HTTP query and the CLI (`academy audit as-of`): maps a
// moment to a log position, reads the streams a view needs up to it, and folds them with the owning
// context's own evolve. The folds are injected (TimeTravelFolds): a context never imports another.
// The names today's screens join in (people, programme, subject, item titles, week numbers) are folded
// from the other contexts' published events up to the same position (domain/names-as-of.ts).
import type pg from 'pg';
import { type EventStore, positionAt, type StoredEvent, streamsAsOf } from '@academy/event-store';
import {
  ADMISSIONS_EVENTS,
  type AsOfEnrollmentFold,
  type AsOfGradebookFoldRow,
  type AsOfGradebookRow,
  type AsOfProspect,
  type AuditAsOfFilter,
  type AuditAsOfResponse,
  GRADING_EVENTS,
  type ProspectKind,
  type ProspectStatus,
} from '@academy/contracts';
import { catalogNameAsOf, personAsOf, weekAsOf } from '../domain/names-as-of.js';

/** The owning contexts' pure folds (their index.ts exports them), composed by the apps. */
export interface TimeTravelFolds {
  enrollment(events: StoredEvent[]): AsOfEnrollmentFold | null;
  gradebook(subjectId: string, streams: StoredEvent[][]): AsOfGradebookFoldRow[];
  pipeline(streams: StoredEvent[][]): { prospects: AsOfProspect[]; counts: Array<{ kind: ProspectKind; status: ProspectStatus; count: number }> };
}

/** The Nest token under which AuditModule.forRoot provides the folds. */
export const TIME_TRAVEL_FOLDS = Symbol('TIME_TRAVEL_FOLDS');

/** A stream's events up to `position`, decrypted through the store (ADR 0003: one key path). */
async function streamUpTo(store: EventStore, streamId: string, position: number): Promise<StoredEvent[]> {
  return (await store.readStream(streamId)).filter((e) => e.position <= position);
}

/** Each stream read once per question, cut at the position. */
const streamsUpTo = (store: EventStore, position: number) => once((streamId) => streamUpTo(store, streamId, position));

/** Memoizes an async lookup by key: a gradebook names the same people and weeks on many rows. */
function once<T>(look: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (key) => {
    let value = seen.get(key);
    if (!value) seen.set(key, (value = look(key)));
    return value;
  };
}

/** The rows with their titles, week numbers and people's names as they stood at the position. */
async function namedRows(rows: AsOfGradebookFoldRow[], stream: (id: string) => Promise<StoredEvent[]>, clear: boolean): Promise<AsOfGradebookRow[]> {
  const person = once(async (id) => personAsOf(await stream(`user-${id}`), clear));
  const week = once(async (id) => weekAsOf(await stream(`week-${id}`)));
  return Promise.all(
    rows.map(async (r) => {
      const { weekNumber, titles } = await week(r.weekId);
      return {
        ...r,
        studentName: await person(r.studentId),
        title: titles.get(r.itemId) ?? null,
        weekNumber,
        grade: r.grade && { ...r.grade, teacherName: await person(r.grade.teacherId) },
      };
    }),
  );
}

/**
 * The view as it stood at `q.at`; null when the enrollment did not exist then. People's names are in
 * clear only when `clear` (the caller may read personal data: viewer.ts `mayReadPersonal`), else masked.
 */
export async function travel(store: EventStore, pool: pg.Pool, schema: string, folds: TimeTravelFolds, q: AuditAsOfFilter, clear: boolean): Promise<AuditAsOfResponse | null> {
  const position = await positionAt(pool, schema, q.at);
  const base = { at: q.at, position, personalInClear: clear };
  const stream = streamsUpTo(store, position);
  switch (q.view) {
    case 'enrollment': {
      const enrollment = folds.enrollment(await stream(`enrollment-${q.id!}`));
      if (!enrollment) return null;
      const [student, program, subject] = await Promise.all([`user-${enrollment.studentId}`, `program-${enrollment.programId}`, `subject-${enrollment.subjectId}`].map(stream));
      const names = { studentName: personAsOf(student, clear), programName: catalogNameAsOf(program), subjectName: catalogNameAsOf(subject) };
      return { ...base, view: 'enrollment', id: q.id!, enrollment: { ...enrollment, ...names } };
    }
    case 'gradebook': {
      // A work stream belongs to one item, so to one subject: its first submission names it.
      const ids = await streamsAsOf(pool, schema, { prefix: 'work-', types: [GRADING_EVENTS.WorkSubmitted], upTo: position, dataKey: 'subjectId', dataValue: q.id! });
      const streams = await Promise.all(ids.map(stream));
      return { ...base, view: 'gradebook', id: q.id!, rows: await namedRows(folds.gradebook(q.id!, streams), stream, clear) };
    }
    case 'pipeline': {
      const ids = await streamsAsOf(pool, schema, { prefix: 'prospect-', types: [ADMISSIONS_EVENTS.ApplicationSubmitted, ADMISSIONS_EVENTS.QuickContactReceived], upTo: position });
      const streams = await Promise.all(ids.map(stream));
      return { ...base, view: 'pipeline', ...folds.pipeline(streams) };
    }
  }
}
