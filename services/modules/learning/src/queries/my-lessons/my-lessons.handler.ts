// Student Weekly Lessons' read (the screen's hottest, every student every evening).
//
// Kept as raw SQL, on purpose (issue 15 §4, ADR 0018 §3): one statement sent as a NAMED prepared
// statement through the pg pool of the EntityManager's connection. MikroORM's QueryBuilder inlines
// values and has no prepared plans, and planning this statement of many joins cost more than running
// it: before it was prepared, planning was most of the endpoint's time; prepared, it meets its throughput
// goal against the bare handler (docs/benchmarks.md, "Weekly Lessons and teacher Submissions under load").
// The benchmark's bare baseline (services/api/bench/learning-baseline.ts) runs this very text (exported
// as LESSONS). Its tables are the learning entities'
// (projections/learning/*.entity.ts), read in the schema `learning` (the views onto the live version).
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, preparedQuery, utcTimestampIso, ReadModelQueryHandler } from '@academy/backend';
import type { GradeStatus, LatePolicy, LessonsResponse, LessonSubmission, LessonWeek, ProgramType } from '@academy/contracts';
import { MyLessons } from './my-lessons.query.js';

interface WorkRow {
  item_id: string;
  submission_id: string;
  github_url: string;
  notes: string;
  submitted_at: string;
  late: boolean;
  attempt: number;
  grade_status: GradeStatus | null;
  score: string | null;
  feedback: string | null;
}

const toSubmission = (r: WorkRow, iso: (at: string) => string): LessonSubmission => ({
  submissionId: r.submission_id,
  githubUrl: r.github_url,
  notes: r.notes,
  submittedAt: iso(r.submitted_at),
  late: r.late,
  attempt: r.attempt,
  gradeStatus: r.grade_status,
  score: r.score === null ? null : Number(r.score),
  feedback: r.feedback,
  canResubmit: r.grade_status === 'needs_revision',
});

/**
 * Weekly Lessons in one round trip: the active enrollment (the latest activated), its program's
 * published weeks up to the current week (the current week first, then the earlier ones, latest first
 * (issue 18 §1: past weeks stay, read-only); by subject name within a week), their tasks (by day) and
 * capstone (last, a null day), and the student's latest attempt at each item. Every join is an index
 * lookup or range: enrollments_student_idx, subjects_program_idx, weeks (subject_id, week_number), tasks_week_idx,
 * capstones (week_id), work's and extensions' primary keys. Keep services/api/bench/learning-baseline.ts in step.
 */
export const LESSONS = `WITH e AS (
    SELECT e.id, e.program_id, e.current_week FROM learning.enrollments e
    WHERE e.student_id = $1 AND e.status = 'active' ORDER BY e.activated_at DESC NULLS LAST, e.enrolled_at DESC LIMIT 1
  ), wk AS (
    SELECT w.id, w.subject_id, s.name AS subject_name, w.week_number, w.title, w.objectives
    FROM e JOIN learning.subjects s ON s.program_id = e.program_id
    JOIN learning.weeks w ON w.subject_id = s.id AND w.week_number <= e.current_week AND w.is_published
  ), it AS (
    SELECT t.week_id, t.id, t.day_number, t.title, t.description, t.instructions, t.due_at, t.late_policy FROM learning.tasks t WHERE t.week_id IN (SELECT id FROM wk)
    UNION ALL
    SELECT c.week_id, c.id, NULL, c.title, c.description, c.instructions, c.due_at, c.late_policy FROM learning.capstones c WHERE c.week_id IN (SELECT id FROM wk)
  )
  SELECT e.id AS enrollment_id, e.program_id, p.name AS program_name, p.type AS program_type, e.current_week,
    wk.id AS week_id, wk.subject_id, wk.subject_name, wk.week_number, wk.title AS week_title, wk.objectives,
    it.id AS item_id, it.day_number, it.title AS item_title, it.description, it.instructions, it.due_at, it.late_policy, x.due_at AS extended_due_at,
    k.submission_id, k.github_url, k.notes, k.submitted_at, k.late, k.attempt, k.grade_status, k.score, k.feedback
  FROM e LEFT JOIN learning.programs p ON p.id = e.program_id
  LEFT JOIN wk ON true
  LEFT JOIN it ON it.week_id = wk.id
  LEFT JOIN learning.work k ON k.student_id = $1 AND k.item_id = it.id
  LEFT JOIN learning.extensions x ON x.student_id = $1 AND x.item_id = it.id
  ORDER BY wk.week_number DESC, wk.subject_name, wk.id, it.day_number NULLS LAST`;

/** A row of LESSONS: the enrollment's columns always; a week's, an item's and a work's when there is one. */
type LessonRow = { enrollment_id: string; program_id: string; program_name: string | null; program_type: ProgramType | null; current_week: number } & {
  week_id: string | null;
  subject_id: string | null;
  subject_name: string | null;
  week_number: number | null;
  week_title: string | null;
  objectives: string | null;
  item_id: string | null;
  day_number: number | null;
  item_title: string | null;
  description: string | null;
  instructions: string | null;
  due_at: string | null;
  late_policy: LatePolicy | null;
  extended_due_at: string | null;
} & { [K in keyof WorkRow]: WorkRow[K] | null };

/**
 * Student Weekly Lessons: the published weeks numbered up to the current week of the ACTIVE enrollment
 * (the current week first, then the earlier weeks, marked `past`), across its program's subjects, with
 * their items and the student's latest attempt at each. One
 * statement (the screen's hottest read, see docs/benchmarks.md): a row per item, or a single row
 * with only the enrollment's columns when it has no published week (no row: no active enrollment).
 */
@QueryHandler(MyLessons)
export class MyLessonsHandler extends ReadModelQueryHandler<MyLessons> {
  async execute({ userId: studentId }: MyLessons): Promise<LessonsResponse> {
    // The pg pool behind the EntityManager's connection (MikroORM's own): the statement is sent by name,
    // so each connection plans it once (see the comment on LESSONS).
    const pool = await this.em.getConnection().getNativeClient();
    const rows = await orNone(preparedQuery<LessonRow>(pool, 'learning.lessons', LESSONS, [studentId]).then((r) => r.rows), []);
    // That pool hands timestamps over as Postgres' text (MikroORM's type parsers): rearranged into ISO
    // text when it is UTC's, else parsed by its platform.
    const platform = this.em.getPlatform();
    const parse = (at: string) => platform.parseDate(at).toISOString();
    return lessonsOf(rows, (at) => utcTimestampIso(at, parse));
  }
}

/** The screen from LESSONS' rows (in its order): no row, no active enrollment. */
function lessonsOf(rows: LessonRow[], iso: (at: string) => string): LessonsResponse {
  const first = rows[0];
  if (!first) return { enrollment: null, weeks: [] };
  const weeks: LessonWeek[] = [];
  let week: LessonWeek | undefined;
  // One pass; each item built once, its keys in the contract's order (no spread of a partial item).
  for (const r of rows) {
    if (r.week_id === null) continue;
    if (week?.id !== r.week_id) {
      week = { id: r.week_id, subjectId: r.subject_id!, subjectName: r.subject_name!, weekNumber: r.week_number!, past: r.week_number! < r.current_week, title: r.week_title!, objectives: r.objectives!, tasks: [], capstone: null };
      weeks.push(week);
    }
    if (r.item_id === null) continue;
    const dueAt = r.due_at === null ? null : iso(r.due_at);
    const latePolicy = r.late_policy ?? 'accept';
    const submission = r.submission_id === null ? null : toSubmission(r as WorkRow, iso);
    const extendedDueAt = r.extended_due_at === null ? null : iso(r.extended_due_at);
    if (r.day_number === null) week.capstone = { id: r.item_id, weekId: r.week_id, title: r.item_title!, description: r.description!, instructions: r.instructions!, dueAt, latePolicy, submission, extendedDueAt };
    else week.tasks.push({ id: r.item_id, weekId: r.week_id, title: r.item_title!, description: r.description!, instructions: r.instructions!, dueAt, latePolicy, dayNumber: r.day_number, submission, extendedDueAt });
  }
  const enrollment = { enrollmentId: first.enrollment_id, programId: first.program_id, programName: first.program_name ?? '', programType: first.program_type ?? 'evening', currentWeek: first.current_week };
  return { enrollment, weeks };
}
