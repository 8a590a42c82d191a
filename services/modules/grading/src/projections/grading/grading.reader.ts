import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { isUuid, PG_POOL, preparedQuery, rowsOrNone } from '@academy/backend';
import {
  type GradeStatus,
  type MyGradesResponse,
  PROGRAM_WEEKS,
  type ProgramType,
  type ProgressResponse,
  type StudentDashboardResponse,
  type Submission,
  TASKS_PER_WEEK,
  type SubmissionTab,
  type TeacherDashboardResponse,
  type TeacherSubmissionsResponse,
  type WorkKind,
} from '@academy/contracts';
import type { ItemFacts } from '../../domain/work.js';
import { GRADING_PROJECTION } from './grading.projection.js';

/** What the commands' checks and answers read (their screens also wait for learning: commands/submission-screens.ts). */
export const GRADING_READ_MODEL = [GRADING_PROJECTION] as const;

/** One decimal (spec §9). */
export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

interface SubmissionRow {
  id: string;
  stream_id: string;
  kind: WorkKind;
  item_id: string;
  title: string | null;
  day_number: number | null;
  week_id: string;
  week_number: number | null;
  subject_id: string;
  subject_name: string | null;
  student_id: string;
  student_name: string | null;
  student_email: string | null;
  github_url: string;
  notes: string;
  submitted_at: Date;
  due_at: Date | null;
  late: boolean;
  attempt: number;
  latest: boolean;
  status: GradeStatus | null;
  score: string | null;
  feedback: string | null;
  teacher_id: string | null;
  teacher_name: string | null;
  graded_at: Date | null;
  version: number;
}

const SUBMISSION_COLUMNS = `s.id, s.stream_id, s.kind, s.item_id, i.title, i.day_number, s.week_id, w.week_number, s.subject_id, sj.name AS subject_name,
  s.student_id, st.full_name AS student_name, st.email AS student_email, s.github_url, s.notes, s.submitted_at, s.due_at, s.late, s.attempt, s.latest,
  s.status, s.score, s.feedback, s.teacher_id, t.full_name AS teacher_name, s.graded_at, s.version`;
const SUBMISSION_JOINS = `FROM grading.submissions s LEFT JOIN grading.items i ON i.id = s.item_id LEFT JOIN grading.weeks w ON w.id = s.week_id
  LEFT JOIN grading.subjects sj ON sj.id = s.subject_id LEFT JOIN grading.people st ON st.id = s.student_id LEFT JOIN grading.people t ON t.id = s.teacher_id`;
const SUBMISSIONS = `SELECT ${SUBMISSION_COLUMNS} ${SUBMISSION_JOINS}`;

const toSubmission = (r: SubmissionRow): Submission => ({
  id: r.id,
  kind: r.kind,
  itemId: r.item_id,
  title: r.title ?? '',
  dayNumber: r.day_number,
  weekId: r.week_id,
  weekNumber: r.week_number ?? 0,
  subjectId: r.subject_id,
  subjectName: r.subject_name ?? '',
  studentId: r.student_id,
  studentName: r.student_name ?? '',
  studentEmail: r.student_email ?? '',
  githubUrl: r.github_url,
  notes: r.notes,
  submittedAt: r.submitted_at.toISOString(),
  dueAt: r.due_at?.toISOString() ?? null,
  late: r.late,
  attempt: r.attempt,
  latest: r.latest,
  grade:
    r.status === null
      ? null
      : {
          score: r.score === null ? null : Number(r.score),
          status: r.status,
          feedback: r.feedback ?? '',
          teacherId: r.teacher_id ?? '',
          teacherName: r.teacher_name ?? '',
          gradedAt: r.graded_at?.toISOString() ?? '',
        },
  version: r.version,
});

/** Every column may be null (a LEFT JOIN's missing side). */
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Pending review: no grade, or status pending (spec §4). */
export const isPending = (s: Submission) => s.grade === null || s.grade.status === 'pending';
/** The teacher Submissions' keyset: the last row's submitted_at as Postgres prints it (µs, UTC) and its id. */
export interface SubmissionsCursor {
  at: string;
  id: string;
}
/**
 * The teacher Submissions in ONE statement: both tabs' counts and one page of a tab. `subj` is the
 * subjects in scope; for each, the tab's rows are read in index order (submissions_subject_idx:
 * subject, pending, submitted_at DESC, id DESC, latest only) up to the page size, so a page reads
 * about `limit` rows per subject whatever the cohort's history; the counts are an index-only scan of
 * the same index. A row per submission of the page, each carrying the counts; a single row of counts
 * and nulls when the page is empty. Parameters: $1 the tab's `pending` (boolean), $2 the limit, then
 * the scope's ($3 teacher and/or subject) and the cursor's (at, id).
 */
/** The prepared statement's name of a shape of teacherSubmissionsSql (one per shape: eight at most). */
export const teacherSubmissionsStatement = (o: { teacher: boolean; subject: boolean; after: boolean }) =>
  `grading.teacher-submissions.${o.teacher ? 't' : '-'}${o.subject ? 's' : '-'}${o.after ? 'a' : '-'}`;

export function teacherSubmissionsSql(o: { teacher: boolean; subject: boolean; after: boolean }): string {
  let n = 2;
  const teacher = o.teacher ? `$${++n}::uuid` : null;
  const subject = o.subject ? `$${++n}::uuid` : null;
  const subj = teacher
    ? `SELECT DISTINCT subject_id AS id FROM grading.assignments WHERE teacher_id = ${teacher}${subject ? ` AND subject_id = ${subject}` : ''}`
    : subject
      ? `SELECT ${subject} AS id`
      : 'SELECT DISTINCT subject_id AS id FROM grading.submissions WHERE latest';
  const after = o.after ? ` AND (s.submitted_at, s.id) < ($${++n}::timestamptz, $${++n}::uuid)` : '';
  return `WITH subj AS (${subj}),
  counts AS (
    SELECT count(*) FILTER (WHERE s.pending)::int AS pending_count, count(*) FILTER (WHERE NOT s.pending)::int AS graded_count
    FROM subj JOIN grading.submissions s ON s.subject_id = subj.id AND s.latest
  ),
  page AS (
    SELECT p.id FROM subj CROSS JOIN LATERAL (
      SELECT s.id, s.submitted_at FROM grading.submissions s
      WHERE s.subject_id = subj.id AND s.latest AND s.pending = $1${after}
      ORDER BY s.submitted_at DESC, s.id DESC LIMIT $2
    ) p ORDER BY p.submitted_at DESC, p.id DESC LIMIT $2
  )
  SELECT c.pending_count, c.graded_count, ${SUBMISSION_COLUMNS},
    to_char(s.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
  FROM counts c LEFT JOIN (page JOIN grading.submissions s ON s.id = page.id
    LEFT JOIN grading.items i ON i.id = s.item_id LEFT JOIN grading.weeks w ON w.id = s.week_id
    LEFT JOIN grading.subjects sj ON sj.id = s.subject_id LEFT JOIN grading.people st ON st.id = s.student_id
    LEFT JOIN grading.people t ON t.id = s.teacher_id) ON true
  ORDER BY s.submitted_at DESC, s.id DESC`;
}
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to clients: base64url of the JSON [at, id]. */
export const encodeSubmissionsCursor = (c: SubmissionsCursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
/** null: not a cursor this API gave out (undecodable, not a uuid, not a valid timestamp). */
export function decodeSubmissionsCursor(text: string): SubmissionsCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !isUuid(id) || !CURSOR_AT.test(at)) return null;
  // A real instant (not 2026-02-30): Postgres would answer an invalid one with an error, not a 400.
  const parsed = new Date(at.slice(0, 23) + 'Z');
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== at.slice(0, 19)) return null;
  return { at, id };
}

function average(scores: number[]): number | null {
  return scores.length ? oneDecimal(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
}

export interface ActiveEnrollment {
  programId: string;
  programName: string;
  programType: ProgramType;
  currentWeek: number;
}

/** Reads of the grading projection (the schema's views onto the live version). */
@Injectable()
export class GradingReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async item(itemId: string): Promise<ItemFacts | null> {
    const [row] = await rowsOrNone(
      this.pool.query<{ title: string; kind: WorkKind; week_id: string; subject_id: string; program_id: string; due_at: Date | null; is_published: boolean; teacher_ids: string[] }>(
        `SELECT i.title, i.kind, i.week_id, w.subject_id, sj.program_id, i.due_at, w.is_published,
           ARRAY(SELECT a.teacher_id::text FROM grading.assignments a WHERE a.subject_id = w.subject_id ORDER BY a.teacher_id) AS teacher_ids
         FROM grading.items i JOIN grading.weeks w ON w.id = i.week_id JOIN grading.subjects sj ON sj.id = w.subject_id WHERE i.id = $1 AND NOT i.removed`,
        [itemId],
      ),
    );
    if (!row) return null;
    return {
      title: row.title,
      teacherIds: row.teacher_ids,
      kind: row.kind,
      itemId,
      weekId: row.week_id,
      subjectId: row.subject_id,
      programId: row.program_id,
      dueAt: row.due_at?.toISOString() ?? null,
      published: row.is_published,
    };
  }

  async isActivelyEnrolled(studentId: string, programId: string): Promise<boolean> {
    return (await rowsOrNone(this.pool.query(`SELECT 1 FROM grading.enrollments WHERE student_id = $1 AND program_id = $2 AND status = 'active'`, [studentId, programId]))).length > 0;
  }

  async isAssigned(teacherId: string, subjectId: string): Promise<boolean> {
    return (await rowsOrNone(this.pool.query('SELECT 1 FROM grading.assignments WHERE teacher_id = $1 AND subject_id = $2', [teacherId, subjectId]))).length > 0;
  }

  async subjectExists(subjectId: string): Promise<boolean> {
    return isUuid(subjectId) && (await rowsOrNone(this.pool.query('SELECT 1 FROM grading.subjects WHERE id = $1', [subjectId]))).length > 0;
  }

  async submission(id: string): Promise<Submission | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOrNone(this.pool.query<SubmissionRow>(`${SUBMISSIONS} WHERE s.id = $1`, [id]));
    return row ? toSubmission(row) : null;
  }

  /**
   * What a grade command checks, in one prepared statement (it runs before every grade): the
   * submission's stream, subject and student, its item's title, and whether `teacherId` teaches it.
   */
  async gradingTarget(submissionId: string, teacherId: string): Promise<{ streamId: string; subjectId: string; studentId: string; title: string; assigned: boolean } | null> {
    if (!isUuid(submissionId) || !isUuid(teacherId)) return null;
    const [row] = await rowsOrNone(
      preparedQuery<{ stream_id: string; subject_id: string; student_id: string; title: string | null; assigned: boolean }>(
        this.pool,
        'grading.grading-target',
        `SELECT s.stream_id, s.subject_id, s.student_id, i.title,
                EXISTS (SELECT 1 FROM grading.assignments a WHERE a.teacher_id = $2 AND a.subject_id = s.subject_id) AS assigned
           FROM grading.submissions s LEFT JOIN grading.items i ON i.id = s.item_id WHERE s.id = $1`,
        [submissionId, teacherId],
      ),
    );
    return row ? { streamId: row.stream_id, subjectId: row.subject_id, studentId: row.student_id, title: row.title ?? '', assigned: row.assigned } : null;
  }

  /** The stream of a submission (null: unknown). */
  async streamOf(id: string): Promise<{ streamId: string; subjectId: string; studentId: string } | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOrNone(this.pool.query<{ stream_id: string; subject_id: string; student_id: string }>('SELECT stream_id, subject_id, student_id FROM grading.submissions WHERE id = $1', [id]));
    return row ? { streamId: row.stream_id, subjectId: row.subject_id, studentId: row.student_id } : null;
  }

  /** Every attempt at the same (student, item), oldest first. */
  async attempts(streamId: string): Promise<Submission[]> {
    return (await rowsOrNone(this.pool.query<SubmissionRow>(`${SUBMISSIONS} WHERE s.stream_id = $1 ORDER BY s.attempt`, [streamId]))).map(toSubmission);
  }

  /**
   * One page of the teacher's Submissions (null teacher: every subject): both tabs' counts and the
   * open tab's latest attempts, newest first by (submitted_at, id), after the keyset `after`.
   * Paged because a cohort's whole history is hundreds of KiB; keyset, not OFFSET, so a page costs
   * the same at any depth and a grade given meanwhile neither skips nor repeats rows.
   */
  async submissionsPage(teacherId: string | null, query: { subjectId?: string; tab: SubmissionTab; after?: SubmissionsCursor; limit: number }): Promise<TeacherSubmissionsResponse> {
    const shape = { teacher: teacherId !== null, subject: query.subjectId !== undefined, after: query.after !== undefined };
    const sql = teacherSubmissionsSql(shape);
    // One row more than asked says whether a next page exists. The cursor's timestamp is Postgres's own
    // text (microseconds), compared as timestamptz: a JS Date would round it to milliseconds.
    const params: unknown[] = [query.tab === 'pending', query.limit + 1];
    if (teacherId !== null) params.push(teacherId);
    if (query.subjectId !== undefined) params.push(query.subjectId);
    if (query.after) params.push(query.after.at, query.after.id);
    const rows = await rowsOrNone(
      preparedQuery<{ pending_count: number; graded_count: number } & Nullable<SubmissionRow> & { cursor_at: string | null }>(this.pool, teacherSubmissionsStatement(shape), sql, params),
    );
    const counts = { pending: rows[0]?.pending_count ?? 0, graded: rows[0]?.graded_count ?? 0 };
    const found = rows.filter((r) => r.id !== null) as unknown as (SubmissionRow & { cursor_at: string })[];
    const page = found.slice(0, query.limit);
    const last = page.at(-1);
    return {
      counts,
      tab: query.tab,
      items: page.map(toSubmission),
      nextCursor: found.length > query.limit && last ? encodeSubmissionsCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  /** Every attempt of a student, newest first. */
  async ofStudent(studentId: string): Promise<Submission[]> {
    return (await rowsOrNone(this.pool.query<SubmissionRow>(`${SUBMISSIONS} WHERE s.student_id = $1 ORDER BY s.submitted_at DESC, s.attempt DESC`, [studentId]))).map(toSubmission);
  }

  async activeEnrollment(studentId: string): Promise<ActiveEnrollment | null> {
    const [row] = await rowsOrNone(
      this.pool.query<{ program_id: string; program_name: string | null; program_type: ProgramType | null; current_week: number }>(
        `SELECT e.program_id, p.name AS program_name, p.type AS program_type, e.current_week FROM grading.enrollments e LEFT JOIN grading.programs p ON p.id = e.program_id
         WHERE e.student_id = $1 AND e.status = 'active' ORDER BY e.activated_at DESC NULLS LAST, e.enrolled_at DESC LIMIT 1`,
        [studentId],
      ),
    );
    return row ? { programId: row.program_id, programName: row.program_name ?? '', programType: row.program_type ?? 'evening', currentWeek: row.current_week } : null;
  }

  /** My Grades: every attempt; the summary counts each item once, by its latest attempt. */
  async myGrades(studentId: string): Promise<MyGradesResponse> {
    const submissions = await this.ofStudent(studentId);
    const latest = submissions.filter((s) => s.latest);
    const graded = latest.filter((s) => !isPending(s));
    const passed = graded.filter((s) => s.grade!.status === 'passed').length;
    return {
      submissions,
      summary: {
        averageScore: average(latest.flatMap((s) => (s.grade?.score == null ? [] : [s.grade.score]))),
        total: latest.length,
        graded: graded.length,
        passRate: graded.length ? Math.round((passed / graded.length) * 100) : null,
      },
    };
  }

  async progress(studentId: string): Promise<ProgressResponse> {
    const [submissions, enrollment] = await Promise.all([this.ofStudent(studentId), this.activeEnrollment(studentId)]);
    const latest = submissions.filter((s) => s.latest);
    const weeks = [...new Set(latest.map((s) => s.weekNumber))].sort((a, b) => a - b);
    return {
      currentWeek: enrollment?.currentWeek ?? null,
      percent: enrollment ? Math.round((enrollment.currentWeek / PROGRAM_WEEKS) * 100) : null,
      weeks: weeks.map((weekNumber) => {
        const of = latest.filter((s) => s.weekNumber === weekNumber);
        const tasks = of.filter((s) => s.kind === 'task');
        const capstones = of.filter((s) => s.kind === 'capstone');
        return {
          weekNumber,
          tasksSubmitted: tasks.length,
          tasksGraded: tasks.filter((s) => !isPending(s)).length,
          capstonesSubmitted: capstones.length,
          capstonesPassed: capstones.filter((s) => s.grade?.status === 'passed').length,
          averageScore: average(of.flatMap((s) => (s.grade?.score == null ? [] : [s.grade.score]))),
        };
      }),
      trend: submissions
        .filter((s) => s.grade?.score != null)
        .sort((a, b) => a.grade!.gradedAt.localeCompare(b.grade!.gradedAt))
        .map((s) => ({ gradedAt: s.grade!.gradedAt, score: s.grade!.score!, title: s.title, kind: s.kind, weekNumber: s.weekNumber })),
    };
  }

  async studentDashboard(studentId: string): Promise<StudentDashboardResponse> {
    const [submissions, enrollment] = await Promise.all([this.ofStudent(studentId), this.activeEnrollment(studentId)]);
    const latest = submissions.filter((s) => s.latest);
    let tasksCompleted = 0;
    if (enrollment) {
      const [row] = await rowsOrNone(
        this.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM grading.submissions s JOIN grading.weeks w ON w.id = s.week_id JOIN grading.subjects sj ON sj.id = s.subject_id
           WHERE s.student_id = $1 AND s.latest AND s.kind = 'task' AND s.status = 'passed' AND w.week_number = $2 AND sj.program_id = $3`,
          [studentId, enrollment.currentWeek, enrollment.programId],
        ),
      );
      tasksCompleted = row?.n ?? 0;
    }
    return {
      currentWeek: enrollment?.currentWeek ?? null,
      tasksCompleted,
      tasksTotal: TASKS_PER_WEEK,
      averageGrade: average(latest.flatMap((s) => (s.grade?.score == null ? [] : [s.grade.score]))),
      activeCourse: enrollment ? { programId: enrollment.programId, programName: enrollment.programName, programType: enrollment.programType } : null,
    };
  }

  async teacherDashboard(teacherId: string): Promise<TeacherDashboardResponse> {
    const [[courses], [pending], weeks] = await Promise.all([
      rowsOrNone(this.pool.query<{ n: number }>('SELECT count(DISTINCT subject_id)::int AS n FROM grading.assignments WHERE teacher_id = $1', [teacherId])),
      rowsOrNone(
        this.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM grading.submissions WHERE latest AND (status IS NULL OR status = 'pending')
           AND subject_id IN (SELECT subject_id FROM grading.assignments WHERE teacher_id = $1)`,
          [teacherId],
        ),
      ),
      rowsOrNone(
        this.pool.query<{ student_id: string; current_week: number }>(
          `SELECT DISTINCT e.student_id, e.current_week FROM grading.enrollments e WHERE e.status = 'active' AND e.program_id IN
           (SELECT sj.program_id FROM grading.assignments a JOIN grading.subjects sj ON sj.id = a.subject_id WHERE a.teacher_id = $1)`,
          [teacherId],
        ),
      ),
    ]);
    const counts = new Map<number, number>();
    for (const w of weeks) counts.set(w.current_week, (counts.get(w.current_week) ?? 0) + 1);
    // The most common current week; ties go to the lower week.
    const currentWeek = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
    return { activeCourses: courses?.n ?? 0, totalStudents: new Set(weeks.map((w) => w.student_id)).size, pendingGrading: pending?.n ?? 0, currentWeek };
  }

  /** Every attempt of a subject, by week, student email, item (the CSV export). */
  async ofSubject(subjectId: string): Promise<Submission[]> {
    return (
      await rowsOrNone(this.pool.query<SubmissionRow>(`${SUBMISSIONS} WHERE s.subject_id = $1 ORDER BY w.week_number, st.email, s.kind DESC, i.day_number, s.attempt`, [subjectId]))
    ).map(toSubmission);
  }

  async names(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await rowsOrNone(this.pool.query<{ id: string; full_name: string | null; email: string | null }>('SELECT id, full_name, email FROM grading.people WHERE id = ANY($1::uuid[])', [ids]));
    return new Map(rows.map((r) => [r.id, r.full_name ?? r.email ?? '']));
  }
}
