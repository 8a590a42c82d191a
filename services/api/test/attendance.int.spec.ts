// The attendance context over real HTTP, Postgres and Redis (see modules-harness.ts), issue 31 §1–§2:
// every route × every role (a teacher only their cohorts, a student only themself), the timetable
// minus the non-teaching days, a cancelled session in the cohort's bell, a session's marks saved in one
// atomic append with corrections and their history, the student's rate and flag, the funders' CSV in
// the academy's zone, erasure of a student's notes, bad and hostile input on every new field.
import { ATTENDANCE_EVENTS, ATTENDANCE_LIMITS, ATTENDANCE_MESSAGES, apiErrorSchema, classSessionResponseSchema, classSessionsResponseSchema, enrollmentResponseSchema, messageResponseSchema, myAttendanceResponseSchema, nonTeachingDaysChangedResponseSchema, nonTeachingDaysResponseSchema, notificationsResponseSchema, type ClassSession, type Program, programResponseSchema, recordAttendanceResponseSchema, scheduledSubjectsResponseSchema, type Subject, subjectResponseSchema, UNSTORABLE_TEXT_MESSAGE } from '@academy/contracts';
import { attendanceInAppTemplates } from '@academy/attendance';
import { bodyOf } from '@academy/testing';
import { type Account, type Harness, startHarness } from './modules-harness.js';
import { type MatrixRow, matrixAnswers, roleCallers } from './authorization-matrix.js';

let h: Harness;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classmate: Account;
let otherStudent: Account;
let studentAdmin: Account;
let auditor: Account;
let program: Program;
let subject: Subject;
let otherSubject: Subject;
let past: ClassSession[];
const admin = () => h.admin.token;
const nobody = '00000000-0000-4000-8000-0000000000ff';
const DAY = 86_400_000;

/** The Monday two weeks before today (UTC calendar): the schedule's sessions so far are in the past. */
function mondayTwoWeeksAgo(): string {
  const d = new Date(Date.now() - 14 * DAY);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}
const startDate = mondayTwoWeeksAgo();
const schedule = { startDate, weekdays: [1, 2, 3, 4, 5], startTime: '18:00', lectureMinutes: 60, supportMinutes: 0 };
const events = async (type: string) => (await h.store.readAll(0, 1_000_000)).filter((e) => e.type === type);
const fresh = async (token: string) => ({ token, minPosition: await h.head() });
const sessions = async (subjectId: string, query = '') => bodyOf(await h.call('GET', `/attendance/subjects/${subjectId}/sessions${query}`, await fresh(admin())), classSessionsResponseSchema).sessions;

async function enroll(s: Account, programId: string, subjectId: string) {
  const e = bodyOf(await h.call('POST', '/enrollments', { token: admin(), body: { studentId: s.userId, programId, subjectId } }), enrollmentResponseSchema).enrollment;
  expect((await h.call('PUT', `/enrollments/${e.id}/status`, { token: admin(), body: { status: 'active' } })).status).toBe(200);
}

beforeAll(async () => {
  h = await startHarness('attendance', { inAppTemplates: attendanceInAppTemplates, env: { ATTENDANCE_THRESHOLD: '80' } });
  teacher = await h.account('teacher', 'Tess Teacher');
  otherTeacher = await h.account('teacher', 'Otto Other');
  student = await h.account('student', 'Ada Student');
  classmate = await h.account('student', 'Bea Classmate');
  otherStudent = await h.account('student', 'Bob Elsewhere');
  studentAdmin = await h.account('student_admin');
  auditor = await h.account('auditor');
  program = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Web Development', type: 'evening' } }), programResponseSchema).program;
  const otherProgram = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Data Science', type: 'daytime' } }), programResponseSchema).program;
  subject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'HTML & CSS', programId: program.id } }), subjectResponseSchema).subject;
  otherSubject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'Statistics', programId: otherProgram.id } }), subjectResponseSchema).subject;
  await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: subject.id } });
  await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: otherTeacher.userId, subjectId: otherSubject.id } });
  await enroll(student, program.id, subject.id);
  await enroll(classmate, program.id, subject.id);
  await enroll(otherStudent, otherProgram.id, otherSubject.id);
  const set = await h.call('PUT', `/attendance/subjects/${subject.id}/schedule`, { ...(await fresh(admin())), body: schedule });
  expect(set.status).toBe(200);
  expect((await h.call('PUT', `/attendance/subjects/${otherSubject.id}/schedule`, { ...(await fresh(admin())), body: { ...schedule, startTime: '08:00', supportMinutes: 480 } })).status).toBe(200);
  past = (await sessions(subject.id)).filter((s) => Date.parse(s.startsAt) < Date.now() - DAY);
  expect(past.length).toBeGreaterThanOrEqual(3);
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

describe('authorization', () => {
  it('answers every attendance route as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const own = past[0]!.id;
    const theirs = (await sessions(otherSubject.id))[0]!.id;
    // Commands with an empty body: validation (400) comes after the role check and before the object.
    // columns: anonymous, student, teacher, admin, student admin, auditor
    const matrix: MatrixRow[] = [
      ['GET', '/attendance/mine', undefined, 401, 200, 403, 403, 403, 403],
      ['GET', '/attendance/subjects', undefined, 401, 403, 200, 200, 403, 403],
      ['GET', `/attendance/subjects/${subject.id}/sessions`, undefined, 401, 403, 200, 200, 403, 403],
      ['GET', `/attendance/subjects/${otherSubject.id}/sessions`, undefined, 401, 403, 403, 200, 403, 403],
      ['GET', `/attendance/subjects/${nobody}/sessions`, undefined, 401, 403, 404, 404, 403, 403],
      ['GET', `/attendance/subjects/${subject.id}/attendance.csv`, undefined, 401, 403, 200, 200, 403, 403],
      ['GET', `/attendance/subjects/${otherSubject.id}/attendance.csv`, undefined, 401, 403, 403, 200, 403, 403],
      ['GET', `/attendance/sessions/${own}`, undefined, 401, 403, 200, 200, 403, 403],
      ['GET', `/attendance/sessions/${theirs}`, undefined, 401, 403, 403, 200, 403, 403],
      ['GET', `/attendance/sessions/${nobody}`, undefined, 401, 403, 404, 404, 403, 403],
      ['PUT', `/attendance/sessions/${theirs}/marks`, { marks: [{ studentId: otherStudent.userId, status: 'present' }] }, 401, 403, 403, 200, 403, 403],
      ['PUT', `/attendance/sessions/${nobody}/marks`, { marks: [{ studentId: student.userId, status: 'present' }] }, 401, 403, 404, 404, 403, 403],
      ['PUT', `/attendance/sessions/${own}/marks`, {}, 401, 403, 400, 400, 403, 403],
      ['POST', `/attendance/sessions/${theirs}/cancel`, { reason: 'x' }, 401, 403, 403, 200, 403, 403],
      ['POST', `/attendance/sessions/${nobody}/move`, { reason: 'x', startsAt: '2030-01-01T10:00:00Z' }, 401, 403, 404, 404, 403, 403],
      ['PUT', `/attendance/subjects/${subject.id}/schedule`, schedule, 401, 403, 403, 200, 403, 403],
      ['PUT', `/attendance/subjects/${nobody}/schedule`, schedule, 401, 403, 403, 404, 403, 403],
      ['GET', '/attendance/non-teaching-days?year=2031', undefined, 401, 403, 403, 200, 403, 403],
      ['POST', '/attendance/non-teaching-days/fill', { year: 2031 }, 401, 403, 403, 200, 403, 403],
      ['POST', '/attendance/non-teaching-days', { date: '2031-07-02', name: 'Staff day' }, 401, 403, 403, 201, 403, 403],
      ['DELETE', '/attendance/non-teaching-days/2031-07-02', undefined, 401, 403, 403, 200, 403, 403],
    ];
    const { got, want } = await matrixAnswers(h, matrix, roleCallers(token), { fresh: true });
    expect(got).toEqual(want);
  });

  it("lists a teacher's own subjects only, each with its schedule and programme week", async () => {
    const mine = bodyOf(await h.call('GET', '/attendance/subjects', await fresh(teacher.token)), scheduledSubjectsResponseSchema).subjects;
    expect(mine.map((s) => s.id)).toEqual([subject.id]);
    expect(mine[0]).toMatchObject({ programType: 'evening', schedule: { ...schedule, weeks: 20, timeZone: 'Africa/Johannesburg' }, currentWeek: 3 });
    const all = bodyOf(await h.call('GET', '/attendance/subjects', await fresh(admin())), scheduledSubjectsResponseSchema).subjects;
    expect(all.map((s) => s.id).sort()).toEqual([subject.id, otherSubject.id].sort());
  });
});

describe('the timetable', () => {
  it('makes the sessions of the schedule in the academy zone, minus the public holidays filled for its years', async () => {
    const all = await sessions(subject.id);
    const years = [...new Set([startDate.slice(0, 4), all.at(-1)!.date.slice(0, 4)])].map(Number);
    for (const year of years) {
      const days = bodyOf(await h.call('GET', `/attendance/non-teaching-days?year=${year}`, await fresh(admin())), nonTeachingDaysResponseSchema);
      expect(days.filled).toBe(true);
      expect(days.days.some((d) => d.date === `${year}-12-25`)).toBe(true);
      expect(all.some((s) => days.days.some((d) => d.date === s.date))).toBe(false);
    }
    expect(all.length).toBeLessThanOrEqual(100);
    expect(all.length).toBeGreaterThan(85);
    expect(all[0]!.startsAt).toBe(`${all[0]!.date}T16:00:00.000Z`);
    const daytime = await sessions(otherSubject.id);
    expect(daytime.filter((s) => s.kind === 'support')).toHaveLength(daytime.length / 2);
  });

  it('drops a session on a day the admin adds and brings it back when the day is removed', async () => {
    const day = past[1]!.date;
    const added = await h.call('POST', '/attendance/non-teaching-days', { token: admin(), body: { date: day, name: 'Water outage' } });
    expect(bodyOf(added, nonTeachingDaysChangedResponseSchema).message).toBe(ATTENDANCE_MESSAGES.holidayAdded);
    expect((await sessions(subject.id)).map((s) => s.date)).not.toContain(day);
    const again = await h.call('POST', '/attendance/non-teaching-days', { token: admin(), body: { date: day, name: 'Again' } });
    expect([again.status, bodyOf(again, apiErrorSchema).fields]).toEqual([409, { date: [ATTENDANCE_MESSAGES.holidayExists] }]);
    expect((await h.call('DELETE', `/attendance/non-teaching-days/${day}`, { token: admin() })).status).toBe(200);
    expect((await sessions(subject.id)).find((s) => s.id === past[1]!.id)).toMatchObject({ date: day, status: 'scheduled' });
  });
});

describe('single sessions', () => {
  it("cancels one session with a reason; the cohort's bell says so; a second cancel is refused", async () => {
    const target = (await sessions(subject.id)).filter((s) => Date.parse(s.startsAt) > Date.now()).at(-1)!;
    const res = await h.call('POST', `/attendance/sessions/${target.id}/cancel`, { token: teacher.token, body: { reason: '  Power cut at the campus  ' } });
    expect(bodyOf(res, classSessionResponseSchema)).toMatchObject({ message: ATTENDANCE_MESSAGES.sessionCancelled, session: { id: target.id, status: 'cancelled', reason: 'Power cut at the campus' } });
    const cancelled = (await events(ATTENDANCE_EVENTS.SessionCancelled)).find((e) => (e.data as { sessionId: string }).sessionId === target.id);
    expect((cancelled!.data as { recipientIds: string[] }).recipientIds).toEqual([student.userId, classmate.userId].sort());
    const bell = bodyOf(await h.call('GET', '/notifications', await fresh(student.token)), notificationsResponseSchema).notifications;
    expect(bell[0]).toMatchObject({ title: 'Session cancelled: HTML & CSS', link: '/dashboard/student/attendance' });
    expect(bell[0]!.body).toContain('Johannesburg time is cancelled. Reason: Power cut at the campus');
    const other = bodyOf(await h.call('GET', '/notifications', await fresh(otherStudent.token)), notificationsResponseSchema).notifications;
    expect(other.map((n) => n.title)).not.toContain('Session cancelled: HTML & CSS');
    const twice = await h.call('POST', `/attendance/sessions/${target.id}/cancel`, { token: admin(), body: { reason: 'again' } });
    expect([twice.status, bodyOf(twice, messageResponseSchema).message]).toEqual([409, ATTENDANCE_MESSAGES.alreadyCancelled]);
  });

  it('moves one session keeping its length', async () => {
    const target = (await sessions(subject.id)).filter((s) => s.status === 'scheduled' && Date.parse(s.startsAt) > Date.now()).at(-1)!;
    const startsAt = new Date(Date.parse(target.startsAt) + 2 * 3_600_000).toISOString();
    const res = await h.call('POST', `/attendance/sessions/${target.id}/move`, { token: admin(), body: { startsAt, reason: 'Room booked' } });
    expect(bodyOf(res, classSessionResponseSchema).session).toMatchObject({ status: 'moved', startsAt, endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(), reason: 'Room booked' });
  });
});

describe('attendance', () => {
  it("saves a session's marks in one atomic append, corrections as new events with who made them", async () => {
    const session = past[0]!;
    const head = await h.head();
    const saved = await h.call('PUT', `/attendance/sessions/${session.id}/marks`, {
      token: teacher.token,
      body: { marks: [{ studentId: student.userId, status: 'present' }, { studentId: classmate.userId, status: 'excused', note: 'Clinic visit' }] },
    });
    const sheet = bodyOf(saved, recordAttendanceResponseSchema).sheet;
    expect(sheet.students.map((s) => [s.fullName, s.status, s.note])).toEqual([['Ada Student', 'present', ''], ['Bea Classmate', 'excused', 'Clinic visit']]);
    const appended = (await h.store.readAll(head, 100)).filter((e) => e.type === ATTENDANCE_EVENTS.AttendanceMarked);
    expect(appended.map((e) => e.metadata.correlationId)).toEqual([appended[0]!.metadata.correlationId, appended[0]!.metadata.correlationId]);
    // The note is in the encrypted part, under the student's key; the clear data names no note.
    const stored = await h.pool.query<{ data: string }>("SELECT data::text || coalesce(personal::text, '') AS data FROM event_store.events WHERE type = 'AttendanceMarked'");
    expect(stored.rows.some((r) => r.data.includes('Clinic'))).toBe(false);

    const corrected = await h.call('PUT', `/attendance/sessions/${session.id}/marks`, { token: admin(), body: { marks: [{ studentId: student.userId, status: 'present' }, { studentId: classmate.userId, status: 'absent' }] } });
    const after = bodyOf(corrected, recordAttendanceResponseSchema).sheet;
    // Newest first: the admin's correction, then the teacher's first save (its two marks share one instant).
    const history = after.history.map((c) => [c.byName, c.studentName, c.from, c.to, c.note]);
    expect(history[0]).toEqual(['Administrator', 'Bea Classmate', 'excused', 'absent', '']);
    expect(history.slice(1).sort()).toEqual([
      ['Tess Teacher', 'Ada Student', null, 'present', ''],
      ['Tess Teacher', 'Bea Classmate', null, 'excused', 'Clinic visit'],
    ]);
  });

  it('refuses a student outside the cohort, a future session, and another teacher (nothing appended)', async () => {
    const head = await h.head();
    const stranger = await h.call('PUT', `/attendance/sessions/${past[0]!.id}/marks`, { token: teacher.token, body: { marks: [{ studentId: otherStudent.userId, status: 'present' }] } });
    expect([stranger.status, bodyOf(stranger, apiErrorSchema).fields]).toEqual([400, { 'marks.0.studentId': [ATTENDANCE_MESSAGES.notInCohort] }]);
    const future = (await sessions(subject.id)).find((s) => s.status === 'scheduled' && Date.parse(s.startsAt) > Date.now())!;
    const early = await h.call('PUT', `/attendance/sessions/${future.id}/marks`, { token: teacher.token, body: { marks: [{ studentId: student.userId, status: 'present' }] } });
    expect([early.status, bodyOf(early, messageResponseSchema).message]).toEqual([409, ATTENDANCE_MESSAGES.notStarted]);
    expect((await h.call('PUT', `/attendance/sessions/${past[0]!.id}/marks`, { token: otherTeacher.token, body: { marks: [{ studentId: student.userId, status: 'absent' }] } })).status).toBe(403);
    expect(await h.head()).toBe(head);
  });

  it('shows the student their attendance by week and flags a rate under the threshold; only their own', async () => {
    for (const s of past.slice(1, 3)) {
      expect((await h.call('PUT', `/attendance/sessions/${s.id}/marks`, { token: teacher.token, body: { marks: [{ studentId: student.userId, status: 'absent' }, { studentId: classmate.userId, status: 'late' }] } })).status).toBe(200);
    }
    const mine = bodyOf(await h.call('GET', '/attendance/mine', await fresh(student.token)), myAttendanceResponseSchema);
    expect({ rate: mine.rate, flagged: mine.flagged, threshold: mine.threshold }).toEqual({ rate: 33.3, flagged: true, threshold: 80 });
    expect(mine.weeks.flatMap((w) => w.sessions).map((s) => s.status).sort()).toEqual(['absent', 'absent', 'present']);
    const theirs = bodyOf(await h.call('GET', '/attendance/mine', await fresh(classmate.token)), myAttendanceResponseSchema);
    expect({ rate: theirs.rate, flagged: theirs.flagged }).toEqual({ rate: 66.7, flagged: true });
  });

  it("exports the cohort's attendance as CSV with times in the academy's zone", async () => {
    const res = await h.call('GET', `/attendance/subjects/${subject.id}/attendance.csv?from=${past[0]!.date}&to=${past[0]!.date}`, await fresh(teacher.token));
    expect(res.type).toMatch(/^text\/csv/);
    const lines = String(res.body).trim().split(/\r?\n/);
    expect(lines[0]).toBe('"subject","week","date","session","starts","ends","session_status","student","email","attendance"');
    expect(lines.slice(1).map((l) => l.split(',').slice(4, 5)[0])).toEqual([`"${past[0]!.date} 18:00:00 +02:00"`, `"${past[0]!.date} 18:00:00 +02:00"`]);
    expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual(['"present"', '"absent"']);
  });

  it("erases a deleted student's marks and notes; the log keeps no readable note", async () => {
    const leaver = await h.account('student', 'Lee Leaver');
    await enroll(leaver, program.id, subject.id);
    const session = past[2]!;
    expect((await h.call('PUT', `/attendance/sessions/${session.id}/marks`, { ...(await fresh(teacher.token)), body: { marks: [{ studentId: leaver.userId, status: 'excused', note: 'Family matter' }] } })).status).toBe(200);
    expect((await h.call('DELETE', `/users/${leaver.userId}`, { token: admin() })).status).toBe(200);
    await h.projectionsCaughtUp();
    const rows = await h.pool.query('SELECT (SELECT count(*)::int FROM attendance.marks WHERE student_id = $1) + (SELECT count(*)::int FROM attendance.mark_changes WHERE student_id = $1) AS n', [leaver.userId]);
    expect(rows.rows[0].n).toBe(0);
    const marked = (await h.store.readStream(`attendance-${session.id}`)).filter((e) => (e.data as { studentId: string }).studentId === leaver.userId);
    expect(marked.map((e) => e.personal)).toEqual([null]);
  });
});

describe('bad and hostile input', () => {
  it('answers 400 with field messages on every new field, NUL and control characters included, and writes nothing', async () => {
    const head = await h.head();
    const session = past[0]!.id;
    const cases: [string, string, unknown, string[]][] = [
      ['PUT', `/attendance/subjects/${subject.id}/schedule`, {}, ['lectureMinutes', 'startDate', 'startTime', 'supportMinutes', 'weekdays']],
      ['PUT', `/attendance/subjects/${subject.id}/schedule`, { ...schedule, startDate: '2027-02-30', weekdays: [1, 1], startTime: '25:00', lectureMinutes: 5, supportMinutes: -1 }, ['lectureMinutes', 'startDate', 'startTime', 'supportMinutes', 'weekdays']],
      ['PUT', `/attendance/subjects/${subject.id}/schedule`, { ...schedule, startDate: '2027-03-01\u0000' }, ['startDate']],
      ['POST', `/attendance/sessions/${session}/cancel`, { reason: '   ' }, ['reason']],
      ['POST', `/attendance/sessions/${session}/cancel`, { reason: 'a\u0000b' }, ['reason']],
      ['POST', `/attendance/sessions/${session}/cancel`, { reason: 'x'.repeat(ATTENDANCE_LIMITS.reason + 1) }, ['reason']],
      ['POST', `/attendance/sessions/${session}/move`, { startsAt: 'tomorrow', reason: '' }, ['reason', 'startsAt']],
      ['POST', `/attendance/sessions/${session}/move`, { startsAt: '2030-01-01T10:00:00Z', reason: 'bell\u0007' }, ['reason']],
      ['PUT', `/attendance/sessions/${session}/marks`, { marks: [] }, ['marks']],
      ['PUT', `/attendance/sessions/${session}/marks`, { marks: [{ studentId: 'x', status: 'asleep' }] }, ['marks.0.status', 'marks.0.studentId']],
      ['PUT', `/attendance/sessions/${session}/marks`, { marks: [{ studentId: student.userId, status: 'excused', note: 'a\u0000' }] }, ['marks.0.note']],
      ['PUT', `/attendance/sessions/${session}/marks`, { marks: [{ studentId: student.userId, status: 'excused', note: 'x'.repeat(ATTENDANCE_LIMITS.note + 1) }] }, ['marks.0.note']],
      ['PUT', `/attendance/sessions/${session}/marks`, { marks: [{ studentId: student.userId, status: 'late' }, { studentId: student.userId, status: 'absent' }] }, ['marks']],
      ['POST', '/attendance/non-teaching-days', { date: 'soon', name: ' ' }, ['date', 'name']],
      ['POST', '/attendance/non-teaching-days', { date: '2031-01-05', name: 'x\u001f' }, ['name']],
      ['POST', '/attendance/non-teaching-days', { date: '2031-01-05', name: 'x'.repeat(ATTENDANCE_LIMITS.holidayName + 1) }, ['name']],
      ['POST', '/attendance/non-teaching-days/fill', { year: 1999 }, ['year']],
      ['GET', '/attendance/non-teaching-days?year=abc', undefined, ['year']],
      ['GET', `/attendance/subjects/${subject.id}/sessions?from=yesterday`, undefined, ['from']],
    ];
    for (const [method, path, body, fields] of cases) {
      const res = await h.call(method, path, { token: admin(), body });
      expect({ path, body, status: res.status, fields: Object.keys(bodyOf(res, apiErrorSchema).fields ?? {}).sort() }).toEqual({ path, body, status: 400, fields });
    }
    const nul = await h.call('POST', `/attendance/sessions/${session}/cancel`, { token: admin(), body: { reason: 'a\u0000b' } });
    expect(bodyOf(nul, apiErrorSchema).fields?.reason).toContain(UNSTORABLE_TEXT_MESSAGE);
    expect(await h.head()).toBe(head);
  });
});
