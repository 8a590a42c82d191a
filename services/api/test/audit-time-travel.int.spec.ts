// Time travel (issue 16, ADR 0031) over real HTTP, Postgres and Redis (modules-harness.ts): a subject's
// gradebook, a student's enrollment and the prospect pipeline as they stood at a moment, folded from the
// log with the contexts' own evolve functions. At "now" they equal today's screens, names included (as
// they stood: a title changed later shows the old one before); before the capstone grade the enrollment
// is still in week 1. People's names are masked without a personal-data grant, erased once shredded.
// Every time travel is itself an event (AuditTrailViewed).
import { z } from 'zod';
import { apiErrorSchema, auditAccessResponseSchema, auditAsOfResponseSchema, enrollmentResponseSchema, messageResponseSchema, programResponseSchema, progressResponseSchema, prospectsResponseSchema, subjectResponseSchema, submissionResponseSchema, teacherAssignmentResponseSchema, teacherSubmissionsResponseSchema, weekResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Account, type Harness, startHarness } from './modules-harness.js';

let h: Harness;
let teacher: Account;
let student: Account;
let auditor: Account;
/** An auditor an admin granted personal data (names in clear). */
let granted: Account;

beforeAll(async () => {
  h = await startHarness('audit-time-travel');
  teacher = await h.account('teacher');
  student = await h.account('student', 'Lerato Mokoena');
  auditor = await h.account('auditor');
  granted = await h.account('auditor');
  await ok('PUT', `/audit/personal-data-access/${granted.userId}`, admin(), undefined, auditAccessResponseSchema);
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const admin = () => h.admin.token;
async function ok<S extends z.ZodType>(method: string, path: string, token: string, body: unknown, schema: S) {
  const res = await h.call(method, path, { token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return bodyOf(res, schema);
}
const [enrollmentAsOfSchema, gradebookAsOfSchema, pipelineAsOfSchema] = auditAsOfResponseSchema.options;
/** An AuditTrailViewed event's data: what a viewer asked to see. */
const viewed = z.object({ view: z.string(), query: z.record(z.string(), z.unknown()), personalInClear: z.boolean() });
async function asOf(at: string, view: string, id?: string, token = auditor.token) {
  const res = await h.call('GET', `/audit/as-of?at=${encodeURIComponent(at)}&view=${view}${id ? `&id=${id}` : ''}`, { token });
  // The answer is the one /api/docs documents.
  if (res.status === 200) auditAsOfResponseSchema.parse(res.body);
  return res;
}
/** The moment of the newest event, then the clock moved past it: what comes next is recorded strictly later. */
async function momentAfterLastEvent(): Promise<string> {
  const { rows } = await h.pool.query<{ at: Date }>('SELECT max(recorded_at) AS at FROM event_store.events');
  const at = rows[0].at;
  while (Date.now() <= at.getTime()) await new Promise((r) => setImmediate(r));
  return at.toISOString();
}

it('shows the enrollment, the gradebook and the pipeline as today\'s screens show them now, and week 1 before the grade that opened week 2', async () => {
  const { program } = await ok('POST', '/programs', admin(), { name: 'Web Development', type: 'evening' }, programResponseSchema);
  const { subject } = await ok('POST', '/subjects', admin(), { name: 'HTML & CSS', programId: program.id }, subjectResponseSchema);
  await ok('POST', '/teacher-assignments', admin(), { teacherId: teacher.userId, subjectId: subject.id }, teacherAssignmentResponseSchema);
  const { enrollment } = await ok('POST', '/enrollments', admin(), { studentId: student.userId, programId: program.id, subjectId: subject.id }, enrollmentResponseSchema);
  await ok('PUT', `/enrollments/${enrollment.id}/status`, admin(), { status: 'active' }, enrollmentResponseSchema);
  const { week } = await ok('POST', '/weeks', teacher.token, { subjectId: subject.id, weekNumber: 1, title: 'Intro' }, weekResponseSchema);
  const capstone = (await ok('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'Landing page' }, weekResponseSchema)).week.capstone;
  await ok('PUT', `/weeks/${week.id}/published`, teacher.token, { published: true }, weekResponseSchema);
  await h.projectionsCaughtUp();
  const { submission } = await ok('POST', '/student/submissions', student.token, { kind: 'capstone', itemId: capstone?.id, githubUrl: 'https://github.com/lerato/landing' }, submissionResponseSchema);
  await h.call('POST', '/public/applications', { body: { firstName: 'Thandi', lastName: 'Nkosi', email: `thandi.${Date.now()}@example.com`, phone: '+27 82 123 4567', course: 'Web Development', message: 'Evening classes?' } });
  await h.reactionsSettled();
  const beforeGrade = await momentAfterLastEvent();

  // The capstone's title changes after that moment: the past shows the old one, "now" the new one.
  await ok('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'Portfolio landing page' }, weekResponseSchema);
  await ok('POST', `/submissions/${submission.id}/grade`, teacher.token, { status: 'passed', score: 80, feedback: 'Well done' }, submissionResponseSchema);
  await h.reactionsSettled();
  await h.projectionsCaughtUp();
  const now = await momentAfterLastEvent();

  // Now: the same as the live screens.
  const live = (await ok('GET', `/enrollments/${enrollment.id}`, admin(), undefined, enrollmentResponseSchema)).enrollment;
  expect(live.currentWeek).toBe(2);
  const then = await asOf(now, 'enrollment', enrollment.id, granted.token);
  expect(then.status).toBe(200);
  // The moment maps to the last event recorded by then (the view's own event came after it).
  const last = await h.pool.query<{ p: string }>('SELECT max(position) AS p FROM event_store.events WHERE recorded_at <= $1', [now]);
  expect(bodyOf(then, enrollmentAsOfSchema).position).toBe(Number(last.rows[0].p));
  const { code, studentId, programId, subjectId, status, currentWeek, enrolledAt, activatedAt, completedAt } = live;
  const names = { studentName: { state: 'clear', name: live.studentName }, programName: live.programName, subjectName: live.subjectName };
  expect(bodyOf(then, enrollmentAsOfSchema).enrollment).toEqual({ enrollmentId: live.id, code, studentId, programId, subjectId, status, currentWeek, percent: 10, enrolledAt, activatedAt, completedAt, ...names });
  expect(names).toEqual({ studentName: { state: 'clear', name: 'Lerato Mokoena' }, programName: 'Web Development', subjectName: 'HTML & CSS' });
  expect(bodyOf(then, enrollmentAsOfSchema).personalInClear).toBe(true);
  // Without a grant the same answer, the person's name masked as the Event log masks it.
  const masked = bodyOf(await asOf(now, 'enrollment', enrollment.id), enrollmentAsOfSchema);
  expect(masked.personalInClear).toBe(false);
  expect(masked.enrollment).toEqual({ ...bodyOf(then, enrollmentAsOfSchema).enrollment, studentName: { state: 'masked', name: '•••' } });
  expect(JSON.stringify(masked)).not.toContain('Lerato');
  expect((await ok('GET', '/student/progress', student.token, undefined, progressResponseSchema)).percent).toBe(bodyOf(then, enrollmentAsOfSchema).enrollment.percent);

  const tabs = await Promise.all(['pending', 'graded'].map((tab) => ok('GET', `/teacher/submissions?subjectId=${subject.id}&tab=${tab}`, admin(), undefined, teacherSubmissionsResponseSchema)));
  const clear = (name: string) => ({ state: 'clear', name });
  const liveGrades = tabs
    .flatMap((t) => t.items)
    .map((s) => ({
      submissionId: s.id,
      studentId: s.studentId,
      studentName: clear(s.studentName),
      itemId: s.itemId,
      kind: s.kind,
      title: s.title,
      weekId: s.weekId,
      weekNumber: s.weekNumber,
      attempt: s.attempt,
      grade: s.grade && { status: s.grade.status, score: s.grade.score, teacherId: s.grade.teacherId, teacherName: clear(s.grade.teacherName) },
    }));
  const book = bodyOf(await asOf(now, 'gradebook', subject.id, granted.token), gradebookAsOfSchema);
  expect(book.rows.filter((r) => r.latest).map(({ latest: _, ...r }) => r)).toEqual(liveGrades);
  expect(liveGrades).toEqual([
    expect.objectContaining({ submissionId: submission.id, title: 'Portfolio landing page', weekNumber: 1, studentName: clear('Lerato Mokoena'), grade: { status: 'passed', score: 80, teacherId: teacher.userId, teacherName: clear(teacher.fullName) } }),
  ]);
  const maskedBook = bodyOf(await asOf(now, 'gradebook', subject.id), gradebookAsOfSchema);
  expect(maskedBook.rows).toEqual([{ ...book.rows[0], studentName: { state: 'masked', name: '•••' }, grade: { ...book.rows[0].grade, teacherName: { state: 'masked', name: '•••' } } }]);

  const liveProspects = (await ok('GET', '/admissions/prospects?kind=application', admin(), undefined, prospectsResponseSchema)).prospects.map((p) => ({ prospectId: p.id, kind: p.kind, status: p.status, erased: false }));
  const pipeline = bodyOf(await asOf(now, 'pipeline'), pipelineAsOfSchema);
  expect(pipeline.prospects).toEqual(liveProspects);
  expect(pipeline.counts).toEqual([{ kind: 'application', status: 'pending', count: 1 }]);
  expect(JSON.stringify(pipeline)).not.toContain('Thandi'); // no personal values, whoever asks

  // Before the grade: week 1, and the capstone not graded yet.
  const before = await asOf(beforeGrade, 'enrollment', enrollment.id);
  expect(bodyOf(before, enrollmentAsOfSchema).enrollment).toMatchObject({ status: 'active', currentWeek: 1, percent: 5 });
  expect(bodyOf(before, enrollmentAsOfSchema).position).toBeLessThan(bodyOf(then, enrollmentAsOfSchema).position);
  // ... and the capstone under the title it had then.
  expect(bodyOf(await asOf(beforeGrade, 'gradebook', subject.id), gradebookAsOfSchema).rows).toEqual([expect.objectContaining({ submissionId: submission.id, latest: true, grade: null, title: 'Landing page', weekNumber: 1 })]);
  // Before the enrollment: none.
  const past = await asOf('2000-01-01T00:00:00Z', 'enrollment', enrollment.id);
  expect([past.status, bodyOf(past, messageResponseSchema).message]).toEqual([404, 'No such enrollment at that time']);
  expect((await asOf('2000-01-01T00:00:00Z', 'pipeline')).body).toEqual({ view: 'pipeline', at: '2000-01-01T00:00:00Z', position: 0, personalInClear: false, prospects: [], counts: [] });

  // Each time travel through the API is a recorded view, with what was asked.
  const views = (await h.store.readStream(`audit-trail-${auditor.userId}`)).map((e) => viewed.parse(e.data));
  expect(views.filter((v) => v.view === 'as-of').map((v) => v.query)).toEqual([
    { at: now, view: 'enrollment', id: enrollment.id },
    { at: now, view: 'gradebook', id: subject.id },
    { at: now, view: 'pipeline' },
    { at: beforeGrade, view: 'enrollment', id: enrollment.id },
    { at: beforeGrade, view: 'gradebook', id: subject.id },
    { at: '2000-01-01T00:00:00Z', view: 'enrollment', id: enrollment.id },
    { at: '2000-01-01T00:00:00Z', view: 'pipeline' },
  ]);
  const grantedViews = (await h.store.readStream(`audit-trail-${granted.userId}`)).map((e) => viewed.parse(e.data));
  expect(grantedViews.map((v) => [v.query.view, v.personalInClear])).toEqual([
    ['enrollment', true],
    ['gradebook', true],
  ]);
});

it('shows a person erased since as erased, in every past view and to every viewer', async () => {
  const leaver = await h.account('student', 'Sipho Dlamini');
  const { program } = await ok('POST', '/programs', admin(), { name: 'Data Science', type: 'evening' }, programResponseSchema);
  const { subject } = await ok('POST', '/subjects', admin(), { name: 'Python', programId: program.id }, subjectResponseSchema);
  await ok('POST', '/teacher-assignments', admin(), { teacherId: teacher.userId, subjectId: subject.id }, teacherAssignmentResponseSchema);
  const { enrollment } = await ok('POST', '/enrollments', admin(), { studentId: leaver.userId, programId: program.id, subjectId: subject.id }, enrollmentResponseSchema);
  await ok('PUT', `/enrollments/${enrollment.id}/status`, admin(), { status: 'active' }, enrollmentResponseSchema);
  const { week } = await ok('POST', '/weeks', teacher.token, { subjectId: subject.id, weekNumber: 1, title: 'Basics' }, weekResponseSchema);
  const capstone = (await ok('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'Notebook' }, weekResponseSchema)).week.capstone;
  await ok('PUT', `/weeks/${week.id}/published`, teacher.token, { published: true }, weekResponseSchema);
  await h.projectionsCaughtUp();
  await ok('POST', '/student/submissions', leaver.token, { kind: 'capstone', itemId: capstone?.id, githubUrl: 'https://github.com/sipho/notebook' }, submissionResponseSchema);
  await h.reactionsSettled();
  const enrolled = await momentAfterLastEvent();
  expect(bodyOf(await asOf(enrolled, 'enrollment', enrollment.id, granted.token), enrollmentAsOfSchema).enrollment.studentName).toEqual({ state: 'clear', name: 'Sipho Dlamini' });

  // The right to erasure: their key is destroyed, so even the past no longer names them, to anyone.
  await ok('DELETE', `/users/${leaver.userId}`, admin(), undefined, messageResponseSchema);
  await h.reactionsSettled();
  for (const token of [granted.token, auditor.token, admin()]) {
    const then = bodyOf(await asOf(enrolled, 'enrollment', enrollment.id, token), enrollmentAsOfSchema);
    expect(then.enrollment).toMatchObject({ studentName: { state: 'erased', name: null }, programName: 'Data Science', subjectName: 'Python' });
    const book = bodyOf(await asOf(enrolled, 'gradebook', subject.id, token), gradebookAsOfSchema);
    expect(book.rows).toEqual([expect.objectContaining({ studentId: leaver.userId, studentName: { state: 'erased', name: null }, title: 'Notebook', weekNumber: 1 })]);
    expect(JSON.stringify([then, book])).not.toContain('Sipho');
  }
});

it('answers bad questions with 400 and field messages', async () => {
  const res = await asOf('last tuesday', 'gradebook');
  expect(res.status).toBe(400);
  expect(bodyOf(res, apiErrorSchema).fields).toMatchObject({ at: ['At must be a date and time (ISO 8601)'] });
  const noId = await asOf('2026-01-01T00:00:00Z', 'enrollment');
  expect(bodyOf(noId, apiErrorSchema).fields).toEqual({ id: ['Id is required for this view'] });
  const view = await asOf('2026-01-01T00:00:00Z', 'moods');
  expect(bodyOf(view, apiErrorSchema).fields?.view[0]).toBe('Choose one of gradebook, enrollment, pipeline');
});
