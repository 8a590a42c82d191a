// Teacher Submissions: one page of one tab and both tabs' counts, in ONE statement kept raw and
// prepared (issue 15 §4, ADR 0018): MikroORM inlines values and has no prepared plans, and planning
// this statement of many joins cost more than running it. As a named prepared statement (planned once
// per connection) the endpoint meets its throughput goal against the bare handler (docs/benchmarks.md,
// "Weekly Lessons and teacher Submissions under load"). It is sent through the pg pool of the API's
// MikroORM connection (`getNativeClient`), so the context has no pool of its own.
import type { EntityManager } from '@mikro-orm/postgresql';
import { QueryHandler } from '@nestjs/cqrs';
import { orNone, preparedQuery, ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { type GradeStatus, GRADING_MESSAGES, type PinState, type SubmissionTab, type TeacherSubmissionsResponse, type WorkKind } from '@academy/contracts';
import { isAssigned } from '../submission-access.read.js';
import { toSubmission } from '../submission-view.read.js';
import { decodeSubmissionsCursor, encodeSubmissionsCursor, type SubmissionsCursor } from './submissions-cursor.js';
import { TeacherSubmissions } from './teacher-submissions.query.js';

/** The view's columns (as submission-view.read.ts selects them), snake_case as Postgres names them. */
const SUBMISSION_COLUMNS = `s.id, s.stream_id, s.kind, s.item_id, i.title, i.day_number, s.week_id, w.week_number, s.subject_id, sj.name AS subject_name,
  s.student_id, st.full_name AS student_name, st.email AS student_email, s.github_url, s.notes, s.submitted_at, s.due_at, s.extended, s.awaiting_reply, s.late, s.attempt, s.latest,
  s.status, s.score, s.feedback, s.teacher_id, t.full_name AS teacher_name, s.graded_at, s.version, s.pin_state, s.commit_sha, s.pinned_at`;
/** A shape of teacherSubmissionsSql: who is in scope, a cursor, and the unanswered-reply filter (`awaiting`, no parameter). */
export interface SubmissionsShape {
  teacher: boolean;
  subject: boolean;
  after: boolean;
  awaiting?: boolean;
}
/** The prepared statement's name of a shape of teacherSubmissionsSql (one per shape: sixteen at most). */
export const teacherSubmissionsStatement = (o: SubmissionsShape) =>
  `grading.teacher-submissions.${o.teacher ? 't' : '-'}${o.subject ? 's' : '-'}${o.after ? 'a' : '-'}${o.awaiting ? 'r' : ''}`;

/**
 * The teacher Submissions in ONE statement: both tabs' counts and one page of a tab. `subj` is the
 * subjects in scope; for each, the tab's rows are read in index order (submissions_subject_idx:
 * subject, pending, submitted_at DESC, id DESC, latest only) up to the page size, so a page reads
 * about `limit` rows per subject whatever the cohort's history; the counts are an index-only scan of
 * the same index. A row per submission of the page, each carrying the counts; a single row of counts
 * and nulls when the page is empty. Parameters: $1 the tab's `pending` (boolean), $2 the limit, then
 * the scope's ($3 teacher and/or subject) and the cursor's (at, id).
 */
export function teacherSubmissionsSql(o: SubmissionsShape): string {
  let n = 2;
  const teacher = o.teacher ? `$${++n}::uuid` : null;
  const subject = o.subject ? `$${++n}::uuid` : null;
  const subj = teacher
    ? `SELECT DISTINCT subject_id AS id FROM grading.assignments WHERE teacher_id = ${teacher}${subject ? ` AND subject_id = ${subject}` : ''}`
    : subject
      ? `SELECT ${subject} AS id`
      : 'SELECT DISTINCT subject_id AS id FROM grading.submissions WHERE latest';
  const after = o.after ? ` AND (s.submitted_at, s.id) < ($${++n}::timestamptz, $${++n}::uuid)` : '';
  // The filter reads the rows of the same index order, skipping the answered ones (and counts them out).
  const awaiting = o.awaiting ? ' AND s.awaiting_reply' : '';
  return `WITH subj AS (${subj}),
  counts AS (
    SELECT count(*) FILTER (WHERE s.pending)::int AS pending_count, count(*) FILTER (WHERE NOT s.pending)::int AS graded_count
    FROM subj JOIN grading.submissions s ON s.subject_id = subj.id AND s.latest${awaiting}
  ),
  page AS (
    SELECT p.id FROM subj CROSS JOIN LATERAL (
      SELECT s.id, s.submitted_at FROM grading.submissions s
      WHERE s.subject_id = subj.id AND s.latest AND s.pending = $1${after}${awaiting}
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
/** A row of the statement: the counts, and a submission of the page (all null when the page is empty). */
interface PageRow {
  pending_count: number;
  graded_count: number;
  id: string | null;
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
  // MikroORM's pool keeps timestamps as Postgres's text (its type parsers), pg's own gives Dates: both parse.
  submitted_at: Date | string;
  due_at: Date | string | null;
  extended: boolean;
  awaiting_reply: boolean;
  late: boolean;
  attempt: number;
  latest: boolean;
  status: GradeStatus | null;
  score: string | null;
  feedback: string | null;
  teacher_id: string | null;
  teacher_name: string | null;
  graded_at: Date | string | null;
  version: number;
  pin_state: PinState | null;
  commit_sha: string | null;
  pinned_at: Date | string | null;
  cursor_at: string;
}

const instant = (v: Date | string) => new Date(v);

/**
 * One page of the teacher's Submissions (null teacher: every subject): both tabs' counts and the
 * open tab's latest attempts, newest first by (submitted_at, id), after the keyset `after`.
 * Paged because a cohort's whole history is hundreds of KiB; keyset, not OFFSET, so a page costs
 * the same at any depth and a grade given meanwhile neither skips nor repeats rows.
 */
async function readSubmissionsPage(
  em: EntityManager,
  teacherId: string | null,
  query: { subjectId?: string; tab: SubmissionTab; after?: SubmissionsCursor; limit: number; awaitingReply?: boolean },
): Promise<TeacherSubmissionsResponse> {
  const shape = { teacher: teacherId !== null, subject: query.subjectId !== undefined, after: query.after !== undefined, awaiting: query.awaitingReply === true };
  // One row more than asked says whether a next page exists. The cursor's timestamp is Postgres's own
  // text (microseconds), compared as timestamptz: a JS Date would round it to milliseconds.
  const params: unknown[] = [query.tab === 'pending', query.limit + 1];
  if (teacherId !== null) params.push(teacherId);
  if (query.subjectId !== undefined) params.push(query.subjectId);
  if (query.after) params.push(query.after.at, query.after.id);
  const pool = await em.getConnection().getNativeClient();
  const rows = (await orNone(preparedQuery<PageRow>(pool, teacherSubmissionsStatement(shape), teacherSubmissionsSql(shape), params), null))?.rows ?? [];
  const counts = { pending: rows[0]?.pending_count ?? 0, graded: rows[0]?.graded_count ?? 0 };
  const found = rows.filter((r): r is PageRow & { id: string } => r.id !== null);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    counts,
    tab: query.tab,
    items: page.map((r) =>
      toSubmission({
        id: r.id,
        streamId: r.stream_id,
        kind: r.kind,
        itemId: r.item_id,
        title: r.title,
        dayNumber: r.day_number,
        weekId: r.week_id,
        weekNumber: r.week_number,
        subjectId: r.subject_id,
        subjectName: r.subject_name,
        studentId: r.student_id,
        studentName: r.student_name,
        studentEmail: r.student_email,
        githubUrl: r.github_url,
        notes: r.notes,
        submittedAt: instant(r.submitted_at),
        dueAt: r.due_at === null ? null : instant(r.due_at),
        extended: r.extended,
        awaitingReply: r.awaiting_reply,
        late: r.late,
        attempt: r.attempt,
        latest: r.latest,
        status: r.status,
        score: r.score,
        feedback: r.feedback,
        teacherId: r.teacher_id,
        teacherName: r.teacher_name,
        gradedAt: r.graded_at === null ? null : instant(r.graded_at),
        version: r.version,
        pinState: r.pin_state,
        commitSha: r.commit_sha,
        pinnedAt: r.pinned_at === null ? null : instant(r.pinned_at),
      }),
    ),
    nextCursor: found.length > query.limit && last ? encodeSubmissionsCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** The contract's wording for a cursor too long to be one. */
const MALFORMED_CURSOR = 'The page cursor is malformed';

@QueryHandler(TeacherSubmissions)
export class TeacherSubmissionsHandler extends ReadModelQueryHandler<TeacherSubmissions> {
  async execute({ principal, filter: query }: TeacherSubmissions): Promise<TeacherSubmissionsResponse> {
    const teacherId = principal.role === 'admin' ? null : principal.userId;
    if (teacherId && query.subjectId && !(await isAssigned(this.em, teacherId, query.subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const after = query.after === undefined ? undefined : decodeSubmissionsCursor(query.after);
    if (after === null) throw new DomainError('invalid', 'Some fields are not valid', { after: [MALFORMED_CURSOR] });
    return readSubmissionsPage(this.em, teacherId, { subjectId: query.subjectId, tab: query.tab, after, limit: query.limit, awaitingReply: query.awaitingReply });
  }
}
