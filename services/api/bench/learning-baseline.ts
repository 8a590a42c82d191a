// The baseline of learning.bench.ts: a bare node:http server with a pg pool of the API's size that
// runs, for the same two screens, the very statements of their query slices (imported from learning's
// my-lessons and grading's teacher-submissions handlers), sent as they send them (named prepared
// statements), and answers their rows as JSON. No framework, no authentication (the caller names the
// user in the query string), no mapping into the contract's shapes: what is left of a request when
// the academy adds nothing.
//
//   DATABASE_URL=… PORT=… node --import ./scripts/ts.mjs services/api/bench/learning-baseline.ts
import http from 'node:http';
import pg from 'pg';
import { LESSONS } from '@academy/learning/queries/my-lessons';
import { teacherSubmissionsSql, teacherSubmissionsStatement } from '@academy/grading/queries/teacher-submissions';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.PG_POOL_MAX ?? 10), application_name: 'bench-baseline' });

const SHAPE = { teacher: true, subject: false, after: false };
const SUBMISSIONS_SQL = teacherSubmissionsSql(SHAPE);
const SUBMISSIONS_STATEMENT = teacherSubmissionsStatement(SHAPE);
const SUBMISSIONS_PAGE_SIZE = 50;

async function lessons(studentId: string): Promise<unknown> {
  const { rows } = await pool.query({ name: 'learning.lessons', text: LESSONS, values: [studentId] });
  return { rows };
}

/** As GET /api/teacher/submissions with no query: both tabs' counts and the pending tab's first page. */
async function submissions(teacherId: string): Promise<unknown> {
  const { rows } = await pool.query({ name: SUBMISSIONS_STATEMENT, text: SUBMISSIONS_SQL, values: [true, SUBMISSIONS_PAGE_SIZE + 1, teacherId] });
  return { counts: { pending: rows[0]?.pending_count ?? 0, graded: rows[0]?.graded_count ?? 0 }, items: rows.filter((r) => r.id !== null).slice(0, SUBMISSIONS_PAGE_SIZE) };
}

/** The machine's floor: a constant answer of a Weekly Lessons' size, no database at all. */
const FLOOR = JSON.stringify({ floor: 'x'.repeat(15_500) });

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  if (url.pathname === '/floor') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(FLOOR) }).end(FLOOR);
    return;
  }
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
