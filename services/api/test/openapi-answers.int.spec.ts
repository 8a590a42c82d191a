// The answers /api/docs documents are the answers the API gives: every GET route without a path
// parameter is called by a principal it allows (over real Postgres/Redis, projections running), and
// its body must parse with the schema its @Answers names for the status it answered.
import { z } from 'zod';
import { apiRoutes, type ApiRoute } from '@academy/backend';
import { enrollmentResponseSchema, messageResponseSchema, programResponseSchema, subjectResponseSchema, submissionResponseSchema, teacherAssignmentResponseSchema, weekResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Account, type Harness, type Role, startHarness } from './modules-harness.js';

let h: Harness;
const people: Partial<Record<string, Account>> = {};

beforeAll(async () => {
  h = await startHarness('openapi-answers');
  // Something in every list, so an answer's items are checked too (the hostile-input suite's set-up).
  const teacher = (people.teacher = await h.account('teacher', 'Tess Teacher'));
  const student = (people.student = await h.account('student', 'Ada Student'));
  const admin = h.admin.token;
  const must = async <S extends z.ZodType>(method: string, path: string, token: string | undefined, body: unknown, schema: S) => {
    const res = await h.call(method, path, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return bodyOf(res, schema);
  };
  const { program } = await must('POST', '/programs', admin, { name: 'Web Development', type: 'evening' }, programResponseSchema);
  const { subject } = await must('POST', '/subjects', admin, { name: 'HTML & CSS', programId: program.id }, subjectResponseSchema);
  await must('POST', '/teacher-assignments', admin, { teacherId: teacher.userId, subjectId: subject.id }, teacherAssignmentResponseSchema);
  const { enrollment } = await must('POST', '/enrollments', admin, { studentId: student.userId, programId: program.id, subjectId: subject.id }, enrollmentResponseSchema);
  await must('PUT', `/enrollments/${enrollment.id}/status`, admin, { status: 'active' }, enrollmentResponseSchema);
  let { week } = await must('POST', '/weeks', teacher.token, { subjectId: subject.id, weekNumber: 1, title: 'Intro' }, weekResponseSchema);
  week = (await must('POST', `/weeks/${week.id}/tasks`, teacher.token, { dayNumber: 1, title: 'Task 1' }, weekResponseSchema)).week;
  week = (await must('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'Capstone 1' }, weekResponseSchema)).week;
  await must('PUT', `/weeks/${week.id}/published`, teacher.token, { published: true }, weekResponseSchema);
  await must('POST', '/student/submissions', student.token, { kind: 'task', itemId: week.tasks[0].id, githubUrl: 'https://github.com/ada/t1' }, submissionResponseSchema);
  await must('POST', '/public/quick-contacts', undefined, { name: 'Visitor', email: 'visitor@example.com', message: 'Hello' }, messageResponseSchema);
  await h.projectionsCaughtUp();
}, 60_000);
afterAll(() => h?.stop());

async function tokenFor(route: ApiRoute): Promise<string | undefined> {
  if (route.isPublic) return undefined;
  const role = route.roles?.includes('admin') || !route.roles?.length ? 'admin' : route.roles[0];
  if (role === 'admin') return h.admin.token;
  people[role] ??= await h.account(role as Role);
  return people[role].token;
}

it('answers every parameterless GET with the status and schema its @Answers documents', async () => {
  // Callable with nothing: no path parameter, no required query parameter (time travel needs a date; its
  // answers are parsed in audit-time-travel.int.spec.ts).
  const reads = apiRoutes(h.app, 'api').filter((r) => r.method === 'get' && !Object.keys(r.params).length && (!r.query || r.query.safeParse({}).success));
  expect(reads.length).toBeGreaterThanOrEqual(20);
  const wrong: string[] = [];
  for (const route of reads) {
    const res = await h.call('GET', route.path.replace(/^\/api/, ''), { token: await tokenFor(route) });
    const documented = route.answers.find((a) => a.status === res.status);
    if (!documented) wrong.push(`GET ${route.path}: answered ${res.status}, documents ${route.answers.map((a) => a.status).join(', ')}`);
    else if (documented.schema) {
      const parsed = documented.schema.safeParse(res.body);
      if (!parsed.success) wrong.push(`GET ${route.path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
  }
  expect(wrong).toEqual([]);
}, 120_000);
