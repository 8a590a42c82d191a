// Time travel (issue 16, ADR 0031) over real HTTP, Postgres and Redis (modules-harness.ts): a subject's
// gradebook, a student's enrollment and the prospect pipeline as they stood at a moment, folded from the
// log with the contexts' own evolve functions. At "now" they equal today's screens, names included (as
// they stood: a title changed later shows the old one before); before the capstone grade the enrollment
// is still in week 1. People's names are masked without a personal-data grant, erased once shredded.
// Every time travel is itself an event (AuditTrailViewed).
import { auditAsOfResponseSchema } from '@academy/contracts';
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
  await ok('PUT', `/audit/personal-data-access/${granted.userId}`, admin());
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const admin = () => h.admin.token;
async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await h.call(method, path, { token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
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
  const { program } = await ok('POST', '/programs', admin(), { name: 'Web Development', type: 'evening' });
  const { subject } = await ok('POST', '/subjects', admin(), { name: 'HTML & CSS', programId: program.id });
  await ok('POST', '/teacher-assignments', admin(), { teacherId: teacher.userId, subjectId: subject.id });
  const { enrollment } = await ok('POST', '/enrollments', admin(), { studentId: student.userId, programId: program.id, subjectId: subject.id });
  await ok('PUT', `/enrollments/${enrollment.id}/status`, admin(), { status: 'active' });
  const { week } = await ok('POST', '/weeks', teacher.token, { subjectId: subject.id, weekNumber: 1, title: 'Intro' });
  const capstone = (await ok('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'Landing page' })).week.capstone;
  await ok('PUT', `/weeks/${week.id}/published`, teacher.token, { published: true });
  await h.projectionsCaughtUp();
  const { submission } = await ok('POST', '/student/submissions', student.token, { kind: 'capstone', itemId: capstone.id, githubUrl: 'https://github.com/lerato/landing' });
  await h.call('POST', '/public/applications', { body: { firstName: 'Thandi', lastName: 'Nkosi', email: `thandi.${Date.now()}@example.com`, phone: '+27 82 123 4567', course: 'Web Development', message: 'Evening classes?' } });
  await h.reactionsSettled();
  const beforeGrade = await momentAfterLastEvent();

  // The capstone's title changes after that moment: the past shows the old one, "now" the new one.
  await ok('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'Portfolio landing page' });
  await ok('POST', `/submissions/${submission.id}/grade`, teacher.token, { status: 'passed', score: 80, feedback: 'Well done' });
  await h.reactionsSettled();
  await h.projectionsCaughtUp();
  const now = await momentAfterLastEvent();

  // Now: the same as the live screens.
  const live = (await ok('GET', `/enrollments/${enrollment.id}`, admin())).enrollment;
  expect(live.currentWeek).toBe(2);
  const then = await asOf(now, 'enrollment', enrollment.id, granted.token);
  expect(then.status).toBe(200);
  // The moment maps to the last event recorded by then (the view's own event came after it).
  const last = await h.pool.query<{ p: string }>('SELECT max(position) AS p FROM event_store.events WHERE recorded_at <= $1', [now]);
  expect(then.body.position).toBe(Number(last.rows[0].p));
  const { code, studentId, programId, subjectId, status, currentWeek, enrolledAt, activatedAt, completedAt } = live;
  const names = { studentName: { state: 'clear', name: live.studentName }, programName: live.programName, subjectName: live.subjectName };
  expect(then.body.enrollment).toEqual({ enrollmentId: live.id, code, studentId, programId, subjectId, status, currentWeek, percent: 10, enrolledAt, activatedAt, completedAt, ...names });
  expect(names).toEqual({ studentName: { state: 'clear', name: 'Lerato Mokoena' }, programName: 'Web Development', subjectName: 'HTML & CSS' });
  expect(then.body.personalInClear).toBe(true);
  // Without a grant the same answer, the person's name masked as the Event log masks it.
  const masked = (await asOf(now, 'enrollment', enrollment.id)).body;
  expect(masked.personalInClear).toBe(false);
  expect(masked.enrollment).toEqual({ ...then.body.enrollment, studentName: { state: 'masked', name: '•••' } });
  expect(JSON.stringify(masked)).not.toContain('Lerato');
  expect((await ok('GET', '/student/progress', student.token)).percent).toBe(then.body.enrollment.percent);

  const tabs = await Promise.all(['pending', 'graded'].map((tab) => ok('GET', `/teacher/submissions?subjectId=${subject.id}&tab=${tab}`, admin())));
  const clear = (name: string) => ({ state: 'clear', name });
  const liveGrades = tabs
    .flatMap((t) => t.items)
    .map((s: any) => ({
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
  const book = (await asOf(now, 'gradebook', subject.id, granted.token)).body;
  expect(book.rows.filter((r: any) => r.latest).map(({ latest: _, ...r }: any) => r)).toEqual(liveGrades);
  expect(liveGrades).toEqual([
    expect.objectContaining({ submissionId: submission.id, title: 'Portfolio landing page', weekNumber: 1, studentName: clear('Lerato Mokoena'), grade: { status: 'passed', score: 80, teacherId: teacher.userId, teacherName: clear(teacher.fullName) } }),
  ]);
  const maskedBook = (await asOf(now, 'gradebook', subject.id)).body;
  expect(maskedBook.rows).toEqual([{ ...book.rows[0], studentName: { state: 'masked', name: '•••' }, grade: { ...book.rows[0].grade, teacherName: { state: 'masked', name: '•••' } } }]);

  const liveProspects = (await ok('GET', '/admissions/prospects?kind=application', admin())).prospects.map((p: any) => ({ prospectId: p.id, kind: p.kind, status: p.status, erased: false }));
  const pipeline = (await asOf(now, 'pipeline')).body;
  expect(pipeline.prospects).toEqual(liveProspects);
  expect(pipeline.counts).toEqual([{ kind: 'application', status: 'pending', count: 1 }]);
  expect(JSON.stringify(pipeline)).not.toContain('Thandi'); // no personal values, whoever asks

  // Before the grade: week 1, and the capstone not graded yet.
  const before = await asOf(beforeGrade, 'enrollment', enrollment.id);
  expect(before.body.enrollment).toMatchObject({ status: 'active', currentWeek: 1, percent: 5 });
  expect(before.body.position).toBeLessThan(then.body.position);
  // ... and the capstone under the title it had then.
  expect((await asOf(beforeGrade, 'gradebook', subject.id)).body.rows).toEqual([expect.objectContaining({ submissionId: submission.id, latest: true, grade: null, title: 'Landing page', weekNumber: 1 })]);
  // Before the enrollment: none.
  const past = await asOf('2000-01-01T00:00:00Z', 'enrollment', enrollment.id);
  expect([past.status, past.body.message]).toEqual([404, 'No such enrollment at that time']);
  expect((await asOf('2000-01-01T00:00:00Z', 'pipeline')).body).toEqual({ view: 'pipeline', at: '2000-01-01T00:00:00Z', position: 0, personalInClear: false, prospects: [], counts: [] });

  // Each time travel through the API is a recorded view, with what was asked.
  const views = (await h.store.readStream(`audit-trail-${auditor.userId}`)).map((e) => e.data as any);
  expect(views.filter((v) => v.view === 'as-of').map((v) => v.query)).toEqual([
    { at: now, view: 'enrollment', id: enrollment.id },
    { at: now, view: 'gradebook', id: subject.id },
    { at: now, view: 'pipeline' },
    { at: beforeGrade, view: 'enrollment', id: enrollment.id },
    { at: beforeGrade, view: 'gradebook', id: subject.id },
    { at: '2000-01-01T00:00:00Z', view: 'enrollment', id: enrollment.id },
    { at: '2000-01-01T00:00:00Z', view: 'pipeline' },
  ]);
  const grantedViews = (await h.store.readStream(`audit-trail-${granted.userId}`)).map((e) => e.data as any);
  expect(grantedViews.map((v) => [v.query.view, v.personalInClear])).toEqual([
    ['enrollment', true],
    ['gradebook', true],
  ]);
});

it('shows a person erased since as erased, in every past view and to every viewer', async () => {
  const leaver = await h.account('student', 'Sipho Dlamini');
  const { program } = await ok('POST', '/programs', admin(), { name: 'Data Science', type: 'evening' });
  const { subject } = await ok('POST', '/subjects', admin(), { name: 'Python', programId: program.id });
  await ok('POST', '/teacher-assignments', admin(), { teacherId: teacher.userId, subjectId: subject.id });
  const { enrollment } = await ok('POST', '/enrollments', admin(), { studentId: leaver.userId, programId: program.id, subjectId: subject.id });
  await ok('PUT', `/enrollments/${enrollment.id}/status`, admin(), { status: 'active' });
  const { week } = await ok('POST', '/weeks', teacher.token, { subjectId: subject.id, weekNumber: 1, title: 'Basics' });
  const capstone = (await ok('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'Notebook' })).week.capstone;
  await ok('PUT', `/weeks/${week.id}/published`, teacher.token, { published: true });
  await h.projectionsCaughtUp();
  await ok('POST', '/student/submissions', leaver.token, { kind: 'capstone', itemId: capstone.id, githubUrl: 'https://github.com/sipho/notebook' });
  await h.reactionsSettled();
  const enrolled = await momentAfterLastEvent();
  expect((await asOf(enrolled, 'enrollment', enrollment.id, granted.token)).body.enrollment.studentName).toEqual({ state: 'clear', name: 'Sipho Dlamini' });

  // The right to erasure: their key is destroyed, so even the past no longer names them, to anyone.
  await ok('DELETE', `/users/${leaver.userId}`, admin());
  await h.reactionsSettled();
  for (const token of [granted.token, auditor.token, admin()]) {
    const then = (await asOf(enrolled, 'enrollment', enrollment.id, token)).body;
    expect(then.enrollment).toMatchObject({ studentName: { state: 'erased', name: null }, programName: 'Data Science', subjectName: 'Python' });
    const book = (await asOf(enrolled, 'gradebook', subject.id, token)).body;
    expect(book.rows).toEqual([expect.objectContaining({ studentId: leaver.userId, studentName: { state: 'erased', name: null }, title: 'Notebook', weekNumber: 1 })]);
    expect(JSON.stringify([then, book])).not.toContain('Sipho');
  }
});

it('answers bad questions with 400 and field messages', async () => {
  const res = await asOf('last tuesday', 'gradebook');
  expect(res.status).toBe(400);
  expect(res.body.fields).toMatchObject({ at: ['At must be a date and time (ISO 8601)'] });
  const noId = await asOf('2026-01-01T00:00:00Z', 'enrollment');
  expect(noId.body.fields).toEqual({ id: ['Id is required for this view'] });
  const view = await asOf('2026-01-01T00:00:00Z', 'moods');
  expect(view.body.fields.view[0]).toBe('Choose one of gradebook, enrollment, pipeline');
});
