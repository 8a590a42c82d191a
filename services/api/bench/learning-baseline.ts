// The baseline of learning.bench.ts: a bare node:http server with a pg pool of the API's size that
// runs, for the same two screens, the same SQL statements in the same order as the readers
// (services/modules/learning LearningReader.lessons: its very statement, imported; services/modules/grading GradingReader.submissionsPage)
// and answers their rows as JSON. No framework, no authentication (the caller names the user in
// the query string), no mapping into the contract's shapes: what is left of a request when the
// academy adds nothing. Keep the SQL in step with the readers.
//
//   DATABASE_URL=… PORT=… node --import ./scripts/ts.mjs services/api/bench/learning-baseline.ts
import http from 'node:http';
import pg from 'pg';
import { LESSONS_SQL } from '@academy/learning';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.PG_POOL_MAX ?? 10), application_name: 'bench-baseline' });

// GradingReader.submissionsPage's page statement (plus the cursor's text column) and its pending test.
const SUBMISSIONS = `SELECT s.id, s.stream_id, s.kind, s.item_id, i.title, i.day_number, s.week_id, w.week_number, s.subject_id, sj.name AS subject_name,
  s.student_id, st.full_name AS student_name, st.email AS student_email, s.github_url, s.notes, s.submitted_at, s.due_at, s.late, s.attempt, s.latest,
  s.status, s.score, s.feedback, s.teacher_id, t.full_name AS teacher_name, s.graded_at, s.version,
  to_char(s.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
  FROM grading.submissions s LEFT JOIN grading.items i ON i.id = s.item_id LEFT JOIN grading.weeks w ON w.id = s.week_id
  LEFT JOIN grading.subjects sj ON sj.id = s.subject_id LEFT JOIN grading.people st ON st.id = s.student_id LEFT JOIN grading.people t ON t.id = s.teacher_id`;
const PENDING = `(s.status IS NULL OR s.status = 'pending')`;
const SUBMISSIONS_PAGE_SIZE = 50;

async function lessons(studentId: string): Promise<unknown> {
  const { rows } = await pool.query(LESSONS_SQL, [studentId]);
  return { rows };
}

/** As GET /api/teacher/submissions with no query: both tabs' counts and the pending tab's first page, concurrently. */
async function submissions(teacherId: string): Promise<unknown> {
  const scope = 's.latest AND s.subject_id IN (SELECT subject_id FROM grading.assignments WHERE teacher_id = $1)';
  const [counts, page] = await Promise.all([
    pool.query(`SELECT count(*) FILTER (WHERE ${PENDING})::int AS pending, count(*) FILTER (WHERE NOT ${PENDING})::int AS graded FROM grading.submissions s WHERE ${scope}`, [teacherId]),
    pool.query(`${SUBMISSIONS} WHERE ${scope} AND ${PENDING} ORDER BY s.submitted_at DESC, s.id DESC LIMIT $2`, [teacherId, SUBMISSIONS_PAGE_SIZE + 1]),
  ]);
  return { counts: counts.rows[0], items: page.rows.slice(0, SUBMISSIONS_PAGE_SIZE) };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const id = url.searchParams.get('id') ?? '';
  const handler = url.pathname === '/lessons' ? lessons : url.pathname === '/submissions' ? submissions : null;
  if (!handler) {
    res.writeHead(404).end();
    return;
  }
  handler(id).then(
    (body) => {
      const json = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json);
    },
    (e: unknown) => {
      res.writeHead(500).end(String(e));
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('baseline listening\n'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
