// learning's `work` (a student's latest attempt at each item and its grade) a batch at a time
// (ADR 0035): WorkSubmitted and SubmissionGraded are nine events in ten of a real log, and one
// MikroORM statement per event made a replay ~1 % of an ordered scan of the log. `planWork` folds a
// batch's events in log order into what applying them one by one (`workHandlers`, the reference)
// would leave, and the set handler writes that with two multi-row statements.
import { byIndexLookups, instant, type EventHandler, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
import { GRADING_EVENTS, IDENTITY_EVENTS, SubmissionGradedV1, WorkSubmittedV1, type GradeStatus } from '@academy/contracts';
import { sql } from 'kysely';
import { LearningWork } from './work.entity.js';

const work = (tx: ProjectionTx) => tx.em.createQueryBuilder(LearningWork);

/** The events one at a time: what the set handler must equal. */
export const workHandlers: Record<string, EventHandler> = {
  [GRADING_EVENTS.WorkSubmitted]: async (e, tx) => {
    const d = WorkSubmittedV1.parse(e);
    const attempt = {
      submissionId: d.submissionId,
      githubUrl: d.githubUrl,
      notes: WorkSubmittedV1.personal(e)?.notes ?? '',
      submittedAt: instant(e.metadata.occurredAt),
      late: d.late,
      attempt: d.attempt,
    };
    // A new attempt replaces the previous one and its grade.
    await work(tx)
      .insert({ studentId: d.studentId, itemId: d.itemId, ...attempt })
      .onConflict(['studentId', 'itemId'])
      .merge({ ...attempt, gradeStatus: null, score: null, feedback: null })
      .execute();
  },
  [GRADING_EVENTS.SubmissionGraded]: async (e, tx) => {
    const d = SubmissionGradedV1.parse(e);
    const feedback = SubmissionGradedV1.personal(e)?.feedback ?? '';
    await work(tx)
      .update({ gradeStatus: d.status, score: d.score === null ? null : String(d.score), feedback })
      // The attempt's row by its key (its stream is work-<student>-<item>): one row through the primary key.
      .where({ studentId: d.studentId, itemId: d.itemId, submissionId: d.submissionId })
      .execute();
  },
};

interface Grade {
  gradeStatus: GradeStatus;
  /** The exact decimal, as the column keeps it. */
  score: string | null;
  feedback: string;
}
export interface WorkRow {
  studentId: string;
  itemId: string;
  submissionId: string;
  githubUrl: string;
  notes: string;
  /** ISO, as the event carries it (microseconds kept: written with a ::timestamptz cast). */
  submittedAt: string;
  late: boolean;
  attempt: number;
  grade: Grade | null;
}
/** What a run leaves, as two writes in this order. */
export interface WorkPlan {
  /** Rows there before the run: the last grade given to each (student, item, submission). */
  grades: (Grade & { studentId: string; itemId: string; submissionId: string })[];
  /** One row per (student, item) attempted in the run, as the run leaves it: upserted over whatever was there. */
  upserts: WorkRow[];
}

const key = (...parts: string[]) => parts.join('\u0000');

/**
 * Folds the events in log order. An upsert replaces every column of its row, so a grade written to a
 * row that was there before the run may be written before the upserts: if a new attempt replaced
 * that row in the run, the upsert overwrites the grade, as one by one it would never have matched.
 */
export function planWork(events: StoredEvent[]): WorkPlan {
  const upserts = new Map<string, WorkRow>();
  const grades = new Map<string, Grade & { studentId: string; itemId: string; submissionId: string }>();
  /** (student, item, submission) → the rows of the run that have it now. */
  const bySubmission = new Map<string, Set<WorkRow>>();
  for (const e of events) {
    if (e.type === GRADING_EVENTS.WorkSubmitted) {
      const d = WorkSubmittedV1.parse(e);
      const k = key(d.studentId, d.itemId);
      const replaced = upserts.get(k);
      if (replaced) bySubmission.get(key(replaced.studentId, replaced.itemId, replaced.submissionId))!.delete(replaced);
      const row: WorkRow = {
        studentId: d.studentId,
        itemId: d.itemId,
        submissionId: d.submissionId,
        githubUrl: d.githubUrl,
        notes: WorkSubmittedV1.personal(e)?.notes ?? '',
        submittedAt: e.metadata.occurredAt,
        late: d.late,
        attempt: d.attempt,
        grade: null,
      };
      upserts.set(k, row);
      const s = key(d.studentId, d.itemId, d.submissionId);
      bySubmission.set(s, (bySubmission.get(s) ?? new Set()).add(row));
    } else if (e.type === GRADING_EVENTS.SubmissionGraded) {
      const d = SubmissionGradedV1.parse(e);
      const grade: Grade = { gradeStatus: d.status, score: d.score === null ? null : String(d.score), feedback: SubmissionGradedV1.personal(e)?.feedback ?? '' };
      // One by one, the UPDATE hits the student's row of the item if it has this submission: a row of
      // this run that has it now, or the row from before the run (until an upsert replaces it).
      const g = key(d.studentId, d.itemId, d.submissionId);
      for (const row of bySubmission.get(g) ?? []) row.grade = grade;
      grades.delete(g);
      grades.set(g, { studentId: d.studentId, itemId: d.itemId, submissionId: d.submissionId, ...grade });
    }
  }
  return { grades: [...grades.values()], upserts: [...upserts.values()] };
}

// Multi-row statements through em.getKysely() (issue 15 §2, §4): MikroORM's QueryBuilder has no
// UPDATE … FROM a list of rows. Arrays go as parameters and unnest into rows; instants as the event's
// ISO strings cast to timestamptz (as instant() does). Measured: see ADR 0035 and docs/benchmarks.md.
async function writePlan(plan: WorkPlan, tx: ProjectionTx): Promise<void> {
  const db = tx.em.getKysely();
  if (plan.grades.length) {
    const g = plan.grades;
    // Each (student, item) through the primary key, not a scan of the table per batch (byIndexLookups).
    // By the student alone it read all of a student's rows per grade: 3 ms a batch (ADR 0035, 2026-11-25).
    await byIndexLookups(tx, () => sql`UPDATE work AS w SET grade_status = v.grade_status, score = v.score, feedback = v.feedback
      FROM unnest(${g.map((r) => r.studentId)}::uuid[], ${g.map((r) => r.itemId)}::uuid[], ${g.map((r) => r.submissionId)}::uuid[], ${g.map((r) => r.gradeStatus)}::text[],
                  ${g.map((r) => r.score)}::numeric[], ${g.map((r) => r.feedback)}::text[]) AS v(student_id, item_id, submission_id, grade_status, score, feedback)
      WHERE w.student_id = v.student_id AND w.item_id = v.item_id AND w.submission_id = v.submission_id`.execute(db));
  }
  if (plan.upserts.length) {
    const r = plan.upserts;
    await sql`INSERT INTO work (student_id, item_id, submission_id, github_url, notes, submitted_at, late, attempt, grade_status, score, feedback)
      SELECT * FROM unnest(${r.map((x) => x.studentId)}::uuid[], ${r.map((x) => x.itemId)}::uuid[], ${r.map((x) => x.submissionId)}::uuid[],
        ${r.map((x) => x.githubUrl)}::text[], ${r.map((x) => x.notes)}::text[], ${r.map((x) => x.submittedAt)}::timestamptz[], ${r.map((x) => x.late)}::bool[],
        ${r.map((x) => x.attempt)}::int[], ${r.map((x) => x.grade?.gradeStatus ?? null)}::text[], ${r.map((x) => x.grade?.score ?? null)}::numeric[],
        ${r.map((x) => x.grade?.feedback ?? null)}::text[])
      ON CONFLICT (student_id, item_id) DO UPDATE SET submission_id = excluded.submission_id, github_url = excluded.github_url, notes = excluded.notes,
        submitted_at = excluded.submitted_at, late = excluded.late, attempt = excluded.attempt, grade_status = excluded.grade_status,
        score = excluded.score, feedback = excluded.feedback`.execute(db);
  }
}

export const workSet: SetHandler = {
  types: Object.keys(workHandlers),
  // The only other writer of `work`.
  flushBefore: [IDENTITY_EVENTS.UserDeleted],
  async apply(events, tx) {
    const plan = planWork(events);
    await writePlan(plan, tx);
  },
};
