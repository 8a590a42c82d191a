// learning's `work` (a student's latest attempt at each item and its grade) a run at a time
// (ADR 0035): WorkSubmitted and SubmissionGraded are nine events in ten of a real log, and one
// MikroORM statement per event made a replay ~1 % of an ordered scan of the log. `addToRun` folds the
// events in log order into what applying them one at a time would leave (it can fold every event: a
// batch is one run), and `writeRun` writes that with two multi-row statements. What one event does to
// the table is what a run of it alone writes: the set is the only code that writes these events.
import { byIndexLookups, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
import { GRADING_EVENTS, SubmissionGradedV1, WorkSubmittedV1, type GradeStatus } from '@academy/contracts';
import { sql } from 'kysely';

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
export interface WorkRun {
  /** Rows there before the run: the last grade given to each (student, item, submission). */
  grades: Map<string, Grade & { studentId: string; itemId: string; submissionId: string }>;
  /** One row per (student, item) attempted in the run, as the run leaves it: upserted over whatever was there. */
  upserts: Map<string, WorkRow>;
  /** (student, item, submission) → the rows of the run that have it now. */
  bySubmission: Map<string, Set<WorkRow>>;
}

const key = (...parts: string[]) => parts.join('\u0000');

/**
 * Folds the next event into the run; every event can be folded. An upsert replaces every column of its
 * row, so a grade written to a row that was there before the run may be written before the upserts: if a
 * new attempt replaced that row in the run, the upsert overwrites the grade, as one at a time it would
 * never have matched.
 */
export function addToRun(run: WorkRun, e: StoredEvent): boolean {
  if (e.type === GRADING_EVENTS.WorkSubmitted) {
    const d = WorkSubmittedV1.parse(e);
    const k = key(d.studentId, d.itemId);
    const replaced = run.upserts.get(k);
    if (replaced) run.bySubmission.get(key(replaced.studentId, replaced.itemId, replaced.submissionId))!.delete(replaced);
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
    run.upserts.set(k, row);
    const s = key(d.studentId, d.itemId, d.submissionId);
    run.bySubmission.set(s, (run.bySubmission.get(s) ?? new Set()).add(row));
  } else if (e.type === GRADING_EVENTS.SubmissionGraded) {
    const d = SubmissionGradedV1.parse(e);
    const grade: Grade = { gradeStatus: d.status, score: d.score === null ? null : String(d.score), feedback: SubmissionGradedV1.personal(e)?.feedback ?? '' };
    // One at a time, the UPDATE hits the student's row of the item if it has this submission: a row of
    // this run that has it now, or the row from before the run (until an upsert replaces it).
    const g = key(d.studentId, d.itemId, d.submissionId);
    for (const row of run.bySubmission.get(g) ?? []) row.grade = grade;
    run.grades.delete(g);
    run.grades.set(g, { studentId: d.studentId, itemId: d.itemId, submissionId: d.submissionId, ...grade });
  }
  return true;
}

// Multi-row statements through em.getKysely() (issue 15 §2, §4): MikroORM's QueryBuilder has no
// UPDATE … FROM a list of rows. Arrays go as parameters and unnest into rows; instants as the event's
// ISO strings cast to timestamptz (as instant() does). Measured: see ADR 0035 and docs/benchmarks.md.
async function writeRun(run: WorkRun, tx: ProjectionTx): Promise<void> {
  const db = tx.em.getKysely();
  if (run.grades.size) {
    const g = [...run.grades.values()];
    // Each (student, item) through the primary key, not a scan of the table per batch (byIndexLookups).
    // By the student alone it read all of a student's rows per grade: 3 ms a batch (ADR 0035, 2026-11-25).
    await byIndexLookups(tx, () => sql`UPDATE work AS w SET grade_status = v.grade_status, score = v.score, feedback = v.feedback
      FROM unnest(${g.map((r) => r.studentId)}::uuid[], ${g.map((r) => r.itemId)}::uuid[], ${g.map((r) => r.submissionId)}::uuid[], ${g.map((r) => r.gradeStatus)}::text[],
                  ${g.map((r) => r.score)}::numeric[], ${g.map((r) => r.feedback)}::text[]) AS v(student_id, item_id, submission_id, grade_status, score, feedback)
      WHERE w.student_id = v.student_id AND w.item_id = v.item_id AND w.submission_id = v.submission_id`.execute(db));
  }
  if (run.upserts.size) {
    const r = [...run.upserts.values()];
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

export const workSet: SetHandler<WorkRun> = {
  types: [GRADING_EVENTS.WorkSubmitted, GRADING_EVENTS.SubmissionGraded],
  // UserDeleted, a handler, also writes `work`: a run collected before it is written first.
  writes: ['work'],
  start(e) {
    const run: WorkRun = { grades: new Map(), upserts: new Map(), bySubmission: new Map() };
    addToRun(run, e);
    return run;
  },
  add: addToRun,
  write: writeRun,
};
