// grading's `submissions` a batch at a time (ADR 0035): WorkSubmitted, SubmissionGraded and
// CapstonePassed are nine events in ten of a real log, and one or two MikroORM statements per event
// made a replay ~1 % of an ordered scan of the log. `planSubmissions` folds a batch's events in log
// order into what applying them one by one (`submissionHandlers`, the reference) would leave, and
// `applySubmissions` writes that with three multi-row statements.
import { byIndexLookups, foldedSet, instant, type EventHandler, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
import { GRADING_EVENTS, IDENTITY_EVENTS, SubmissionGradedV1, WorkSubmittedV1, type GradeStatus, type WorkKind } from '@academy/contracts';
import { sql } from 'kysely';
import { GradingSubmission } from './submission.entity.js';

const submissions = (tx: ProjectionTx) => tx.em.createQueryBuilder(GradingSubmission);

/** Every row of the stream carries the stream's version (a grade's If-Match). */
async function streamVersion(e: StoredEvent, tx: ProjectionTx) {
  await submissions(tx).update({ version: e.streamVersion }).where({ streamId: e.streamId }).execute();
}

/** The events one at a time: what the set handler must equal (and what it falls back to). */
export const submissionHandlers: Record<string, EventHandler> = {
  [GRADING_EVENTS.WorkSubmitted]: async (e, tx) => {
    const d = WorkSubmittedV1.parse(e);
    await submissions(tx).update({ latest: false, version: e.streamVersion }).where({ streamId: e.streamId }).execute();
    await submissions(tx)
      .insert({
        id: d.submissionId,
        streamId: e.streamId,
        studentId: d.studentId,
        kind: d.kind,
        itemId: d.itemId,
        weekId: d.weekId,
        subjectId: d.subjectId,
        githubUrl: d.githubUrl,
        notes: WorkSubmittedV1.personal(e)?.notes ?? '',
        submittedAt: instant(e.metadata.occurredAt),
        dueAt: d.dueAt === null ? null : instant(d.dueAt),
        late: d.late,
        attempt: d.attempt,
        latest: true,
        version: e.streamVersion,
      })
      .onConflict('id')
      .ignore()
      .execute();
  },
  [GRADING_EVENTS.SubmissionGraded]: async (e, tx) => {
    const d = SubmissionGradedV1.parse(e);
    await submissions(tx)
      .update({ status: d.status, score: d.score, feedback: SubmissionGradedV1.personal(e)?.feedback ?? '', teacherId: d.teacherId, gradedAt: instant(e.metadata.occurredAt) })
      .where({ id: d.submissionId })
      .execute();
    await streamVersion(e, tx);
  },
  [GRADING_EVENTS.CapstonePassed]: streamVersion,
};

interface Grade {
  status: GradeStatus;
  score: number | null;
  feedback: string;
  teacherId: string;
  /** ISO, as the event carries it (microseconds kept: written with a ::timestamptz cast). */
  gradedAt: string;
}
export interface NewSubmission {
  id: string;
  streamId: string;
  studentId: string;
  kind: WorkKind;
  itemId: string;
  weekId: string;
  subjectId: string;
  githubUrl: string;
  notes: string;
  submittedAt: string;
  dueAt: string | null;
  late: boolean;
  attempt: number;
  latest: boolean;
  version: number;
  grade: Grade | null;
}
/** What a run of events leaves, as three writes in this order (they touch different rows or columns). */
export interface SubmissionsPlan {
  /** Rows there before the run: per stream touched, its last version, and whether a new attempt took `latest` from them. */
  streams: { streamId: string; version: number; superseded: boolean }[];
  /** Rows there before the run: the last grade given to each (by id). */
  grades: (Grade & { id: string })[];
  /** Attempts made in the run, as they end it (latest, version, grade). */
  inserts: NewSubmission[];
}

/**
 * Folds the events in log order; null when the run is one a fold cannot express exactly (an
 * attempt id seen twice, or graded before it was submitted): the caller then applies it one by one.
 * Pure: the caller checks that no insert's id is already in the table.
 */
export function planSubmissions(events: StoredEvent[]): SubmissionsPlan | null {
  const streams = new Map<string, { streamId: string; version: number; superseded: boolean }>();
  const grades = new Map<string, Grade & { id: string }>();
  const inserts = new Map<string, NewSubmission>();
  const latestOf = new Map<string, NewSubmission>();
  for (const e of events) {
    // Every event of the three sets the version of every row of its stream.
    const s = streams.get(e.streamId) ?? { streamId: e.streamId, version: e.streamVersion, superseded: false };
    s.version = e.streamVersion;
    streams.set(e.streamId, s);
    if (e.type === GRADING_EVENTS.WorkSubmitted) {
      const d = WorkSubmittedV1.parse(e);
      if (inserts.has(d.submissionId) || grades.has(d.submissionId)) return null;
      s.superseded = true;
      const previous = latestOf.get(e.streamId);
      if (previous) previous.latest = false;
      const row: NewSubmission = {
        id: d.submissionId,
        streamId: e.streamId,
        studentId: d.studentId,
        kind: d.kind,
        itemId: d.itemId,
        weekId: d.weekId,
        subjectId: d.subjectId,
        githubUrl: d.githubUrl,
        notes: WorkSubmittedV1.personal(e)?.notes ?? '',
        submittedAt: e.metadata.occurredAt,
        dueAt: d.dueAt,
        late: d.late,
        attempt: d.attempt,
        latest: true,
        version: e.streamVersion,
        grade: null,
      };
      inserts.set(row.id, row);
      latestOf.set(e.streamId, row);
    } else if (e.type === GRADING_EVENTS.SubmissionGraded) {
      const d = SubmissionGradedV1.parse(e);
      const grade: Grade = { status: d.status, score: d.score, feedback: SubmissionGradedV1.personal(e)?.feedback ?? '', teacherId: d.teacherId, gradedAt: e.metadata.occurredAt };
      const fresh = inserts.get(d.submissionId);
      if (fresh) fresh.grade = grade;
      else grades.set(d.submissionId, { id: d.submissionId, ...grade });
    }
  }
  // A new attempt is an event of its stream, so every later event of the stream set its version too.
  for (const row of inserts.values()) row.version = streams.get(row.streamId)!.version;
  return { streams: [...streams.values()], grades: [...grades.values()], inserts: [...inserts.values()] };
}

// Multi-row statements through em.getKysely() (issue 15 §2, §4): MikroORM's QueryBuilder has no
// UPDATE … FROM a list of rows. Arrays go as parameters and unnest into rows; instants as the event's
// ISO strings cast to timestamptz (as instant() does). Measured: see ADR 0035 and docs/benchmarks.md.
/**
 * The run's attempts first, then the rows from before it. False, with nothing written, when an
 * attempt's id is already a row: one by one its INSERT does nothing but its UPDATE of `latest` happens,
 * which the plan cannot say (never in a real log: submission ids are fresh UUIDs); the caller goes one by one.
 */
async function writePlan(plan: SubmissionsPlan, tx: ProjectionTx): Promise<boolean> {
  const db = tx.em.getKysely();
  if (plan.inserts.length) {
    const r = plan.inserts;
    const col = <T>(f: (x: NewSubmission) => T) => r.map(f);
    // RETURNING tells whether an id was there already: the INSERT probes the primary key anyway, so this
    // costs nothing, where a SELECT of the ids before it cost 4 ms a batch (ADR 0035, 2026-11-25).
    const { rows } = await sql<{ id: string }>`INSERT INTO submissions (id, stream_id, student_id, kind, item_id, week_id, subject_id, github_url, notes, submitted_at, due_at, late, attempt, latest,
        status, score, feedback, teacher_id, graded_at, version)
      SELECT * FROM unnest(${col((x) => x.id)}::uuid[], ${col((x) => x.streamId)}::text[], ${col((x) => x.studentId)}::uuid[], ${col((x) => x.kind)}::text[],
        ${col((x) => x.itemId)}::uuid[], ${col((x) => x.weekId)}::uuid[], ${col((x) => x.subjectId)}::uuid[], ${col((x) => x.githubUrl)}::text[],
        ${col((x) => x.notes)}::text[], ${col((x) => x.submittedAt)}::timestamptz[], ${col((x) => x.dueAt)}::timestamptz[], ${col((x) => x.late)}::bool[],
        ${col((x) => x.attempt)}::int[], ${col((x) => x.latest)}::bool[], ${col((x) => x.grade?.status ?? null)}::text[], ${col((x) => x.grade?.score ?? null)}::numeric[],
        ${col((x) => x.grade?.feedback ?? null)}::text[], ${col((x) => x.grade?.teacherId ?? null)}::uuid[], ${col((x) => x.grade?.gradedAt ?? null)}::timestamptz[],
        ${col((x) => x.version)}::int[])
      ON CONFLICT (id) DO NOTHING RETURNING id`.execute(db);
    if (rows.length !== r.length) {
      // Only this statement wrote, and only rows that were not there: taking them out leaves the table as it was.
      if (rows.length) await sql`DELETE FROM submissions WHERE id = ANY(${rows.map((x) => x.id)}::uuid[])`.execute(db);
      return false;
    }
  }
  // Each key through its index (stream_id, id), not a scan of the table per batch (byIndexLookups).
  await byIndexLookups(tx, async () => {
    if (plan.streams.length) {
      const s = plan.streams;
      // Rows from before the run only: every row of a stream carries the stream's version, and the run's
      // attempts, inserted above, already carry its last one.
      await sql`UPDATE submissions AS s SET version = v.version, latest = s.latest AND NOT v.superseded
        FROM unnest(${s.map((r) => r.streamId)}::text[], ${s.map((r) => r.version)}::int[], ${s.map((r) => r.superseded)}::bool[]) AS v(stream_id, version, superseded)
        WHERE s.stream_id = v.stream_id AND s.version < v.version`.execute(db);
    }
    if (plan.grades.length) {
      const g = plan.grades;
      await sql`UPDATE submissions AS s SET status = v.status, score = v.score, feedback = v.feedback, teacher_id = v.teacher_id, graded_at = v.graded_at
        FROM unnest(${g.map((r) => r.id)}::uuid[], ${g.map((r) => r.status)}::text[], ${g.map((r) => r.score)}::numeric[], ${g.map((r) => r.feedback)}::text[],
                    ${g.map((r) => r.teacherId)}::uuid[], ${g.map((r) => r.gradedAt)}::timestamptz[]) AS v(id, status, score, feedback, teacher_id, graded_at)
        WHERE s.id = v.id`.execute(db);
    }
  });
  return true;
}

export const submissionsSet: SetHandler = foldedSet({
  reference: submissionHandlers,
  // The only other writer of `submissions`.
  flushBefore: [IDENTITY_EVENTS.UserDeleted],
  plan: planSubmissions,
  write: writePlan,
});
