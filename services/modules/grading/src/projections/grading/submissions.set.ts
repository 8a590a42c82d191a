// grading's `submissions` a run at a time (ADR 0035): WorkSubmitted, SubmissionGraded and
// CapstonePassed are nine events in ten of a real log, and one or two MikroORM statements per event
// made a replay ~1 % of an ordered scan of the log. `addToRun` folds the events in log order into what
// applying them one at a time would leave, and `writeRun` writes that with three multi-row statements.
// What one event does to the table is what a run of it alone writes: the set is the only code that
// writes these events.
import { byIndexLookups, type ProjectionTx, type SetHandler, type StoredEvent } from '@academy/event-store';
import { GRADING_EVENTS, SubmissionGradedV1, WorkSubmittedV1, type GradeStatus, type PinState, type RubricBreakdown, type WorkKind } from '@academy/contracts';
import { sql } from 'kysely';

interface Grade {
  status: GradeStatus;
  score: number | null;
  feedback: string;
  teacherId: string;
  /** The breakdown of a grade with a rubric (issue 30 §2), comments from the encrypted part; null without one. */
  rubric: RubricBreakdown | null;
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
  /** dueAt is the student's extension (issue 30 §4); false on attempts from before extensions. */
  extended: boolean;
  late: boolean;
  attempt: number;
  latest: boolean;
  grade: Grade | null;
  /** The commit read at submission, or pending (the retry job's events settle it: pin.handlers.ts); null before pinning existed. */
  pin: { state: PinState; sha: string | null; pinnedAt: string | null } | null;
}
interface StreamChange {
  streamId: string;
  /** The stream's last version in the run: every row of a stream carries it (a grade's If-Match). */
  version: number;
  /** A new attempt in the run took `latest` from the stream's rows from before it. */
  superseded: boolean;
}
/** What a run of events leaves, as three writes in this order (they touch different rows or columns). */
export interface SubmissionsRun {
  /** Rows there before the run, per stream the run touched. */
  streams: Map<string, StreamChange>;
  /** Rows there before the run: the last grade given to each (by id). */
  grades: Map<string, Grade & { id: string }>;
  /** Attempts made in the run, as they end it (latest, grade), by id. */
  inserts: Map<string, NewSubmission>;
  /** Per stream, the run's attempt that is latest now. */
  latestOf: Map<string, NewSubmission>;
}

function newAttempt(e: StoredEvent): NewSubmission {
  const d = WorkSubmittedV1.parse(e);
  return {
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
    extended: d.extended ?? false,
    late: d.late,
    attempt: d.attempt,
    latest: true,
    grade: null,
    pin: d.commit === undefined ? null : d.commit === null ? { state: 'pending', sha: null, pinnedAt: null } : { state: 'pinned', sha: d.commit.sha, pinnedAt: d.commit.readAt },
  };
}

function gradeOf(e: StoredEvent): Grade & { id: string } {
  const d = SubmissionGradedV1.parse(e);
  const personal = SubmissionGradedV1.personal(e);
  // Erased student: the comments read as empty, the levels and points stay (as feedback does).
  const comments = personal?.criterionComments ?? {};
  const rubric = d.rubric
    ? { version: d.rubric.version, criteria: d.rubric.criteria.map((c) => ({ criterionId: c.criterionId, title: c.title, level: c.label, points: c.points, maxPoints: c.maxPoints, comment: comments[c.criterionId] ?? '' })) }
    : null;
  return { id: d.submissionId, status: d.status, score: d.score, feedback: personal?.feedback ?? '', teacherId: d.teacherId, rubric, gradedAt: e.metadata.occurredAt };
}
const rubricJson = (g: Grade | null | undefined) => (g?.rubric ? JSON.stringify(g.rubric) : null);

/**
 * Folds the next event into the run. False, the run unchanged, for an attempt whose id the run already
 * inserted or graded as a row from before it: whether that id is a row decides what the event does, and
 * the table tells it when the next run, which starts at the event, is written.
 */
export function addToRun(run: SubmissionsRun, e: StoredEvent): boolean {
  const attempt = e.type === GRADING_EVENTS.WorkSubmitted ? newAttempt(e) : null;
  if (attempt && (run.inserts.has(attempt.id) || run.grades.has(attempt.id))) return false;
  // Every event of the three sets the version of every row of its stream.
  const stream = run.streams.get(e.streamId) ?? { streamId: e.streamId, version: e.streamVersion, superseded: false };
  stream.version = e.streamVersion;
  run.streams.set(e.streamId, stream);
  if (attempt) {
    stream.superseded = true;
    const previous = run.latestOf.get(e.streamId);
    if (previous) previous.latest = false;
    run.inserts.set(attempt.id, attempt);
    run.latestOf.set(e.streamId, attempt);
  } else if (e.type === GRADING_EVENTS.SubmissionGraded) {
    const grade = gradeOf(e);
    const fresh = run.inserts.get(grade.id);
    if (fresh) fresh.grade = grade;
    else run.grades.set(grade.id, grade);
  }
  return true;
}

// Multi-row statements through em.getKysely() (issue 15 §2, §4): MikroORM's QueryBuilder has no
// UPDATE … FROM a list of rows. Arrays go as parameters and unnest into rows; instants as the event's
// ISO strings cast to timestamptz (as instant() does). Measured: see ADR 0035 and docs/benchmarks.md.
/** The run's attempts first, then the rows from before it. */
async function writeRun(run: SubmissionsRun, tx: ProjectionTx): Promise<void> {
  const db = tx.em.getKysely();
  const inserted = await insertAttempts(run, tx);
  // An attempt whose id was a row already (never in a real log: submission ids are fresh UUIDs): one at a
  // time its INSERT did nothing, and its grades in the run went to that row.
  const grades = [...run.grades.values(), ...[...run.inserts.values()].flatMap((r) => (!inserted.has(r.id) && r.grade ? [{ id: r.id, ...r.grade }] : []))];
  const streams = [...run.streams.values()];
  // Each key through its index (stream_id, id), not a scan of the table per batch (byIndexLookups).
  await byIndexLookups(tx, async () => {
    // Rows from before the run only: the run's attempts, inserted above, already carry the stream's last version.
    await sql`UPDATE submissions AS s SET version = v.version, latest = s.latest AND NOT v.superseded
      FROM unnest(${streams.map((r) => r.streamId)}::text[], ${streams.map((r) => r.version)}::int[], ${streams.map((r) => r.superseded)}::bool[]) AS v(stream_id, version, superseded)
      WHERE s.stream_id = v.stream_id AND s.version < v.version`.execute(db);
    if (grades.length) {
      await sql`UPDATE submissions AS s SET status = v.status, score = v.score, feedback = v.feedback, teacher_id = v.teacher_id, graded_at = v.graded_at, rubric = v.rubric
        FROM unnest(${grades.map((r) => r.id)}::uuid[], ${grades.map((r) => r.status)}::text[], ${grades.map((r) => r.score)}::numeric[], ${grades.map((r) => r.feedback)}::text[],
                    ${grades.map((r) => r.teacherId)}::uuid[], ${grades.map((r) => r.gradedAt)}::timestamptz[], ${grades.map(rubricJson)}::jsonb[]) AS v(id, status, score, feedback, teacher_id, graded_at, rubric)
        WHERE s.id = v.id`.execute(db);
    }
  });
}

/** Inserts the run's attempts with their stream's last version; answers the ids inserted (not those that were rows). */
async function insertAttempts(run: SubmissionsRun, tx: ProjectionTx): Promise<Set<string>> {
  const r = [...run.inserts.values()];
  if (r.length === 0) return new Set();
  const col = <T>(f: (x: NewSubmission) => T) => r.map(f);
  // RETURNING tells which ids were rows already: the INSERT probes the primary key anyway, so this
  // costs nothing, where a SELECT of the ids before it cost a search per attempt (ADR 0035).
  const { rows } = await sql<{ id: string }>`INSERT INTO submissions (id, stream_id, student_id, kind, item_id, week_id, subject_id, github_url, notes, submitted_at, due_at, late, attempt, latest,
      status, score, feedback, teacher_id, graded_at, version, pin_state, commit_sha, pinned_at, extended, rubric)
    SELECT * FROM unnest(${col((x) => x.id)}::uuid[], ${col((x) => x.streamId)}::text[], ${col((x) => x.studentId)}::uuid[], ${col((x) => x.kind)}::text[],
      ${col((x) => x.itemId)}::uuid[], ${col((x) => x.weekId)}::uuid[], ${col((x) => x.subjectId)}::uuid[], ${col((x) => x.githubUrl)}::text[],
      ${col((x) => x.notes)}::text[], ${col((x) => x.submittedAt)}::timestamptz[], ${col((x) => x.dueAt)}::timestamptz[], ${col((x) => x.late)}::bool[],
      ${col((x) => x.attempt)}::int[], ${col((x) => x.latest)}::bool[], ${col((x) => x.grade?.status ?? null)}::text[], ${col((x) => x.grade?.score ?? null)}::numeric[],
      ${col((x) => x.grade?.feedback ?? null)}::text[], ${col((x) => x.grade?.teacherId ?? null)}::uuid[], ${col((x) => x.grade?.gradedAt ?? null)}::timestamptz[],
      ${col((x) => run.streams.get(x.streamId)!.version)}::int[], ${col((x) => x.pin?.state ?? null)}::text[], ${col((x) => x.pin?.sha ?? null)}::text[],
      ${col((x) => x.pin?.pinnedAt ?? null)}::timestamptz[], ${col((x) => x.extended)}::bool[], ${col((x) => rubricJson(x.grade))}::jsonb[])
    ON CONFLICT (id) DO NOTHING RETURNING id`.execute(tx.em.getKysely());
  return new Set(rows.map((x) => x.id));
}

export const submissionsSet: SetHandler<SubmissionsRun> = {
  types: [GRADING_EVENTS.WorkSubmitted, GRADING_EVENTS.SubmissionGraded, GRADING_EVENTS.CapstonePassed],
  // UserDeleted, a handler, also writes `submissions`: a run collected before it is written first.
  writes: ['submissions'],
  start(e) {
    const run: SubmissionsRun = { streams: new Map(), grades: new Map(), inserts: new Map(), latestOf: new Map() };
    addToRun(run, e);
    return run;
  },
  add: addToRun,
  write: writeRun,
};
