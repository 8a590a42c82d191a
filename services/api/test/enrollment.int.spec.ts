// The enrollment context over real HTTP, Postgres and Redis (see modules-harness.ts): enroll, status
// changes, the student's own enrollment, CSV import; every endpoint × every role; bad inputs; concurrency.
import { type Program, type Subject, apiErrorSchema, CATALOG_MESSAGES, ENROLLMENT_MESSAGES, enrollmentCountsResponseSchema, enrollmentResponseSchema, enrollmentsResponseSchema, importEnrollmentsResponseSchema, messageResponseSchema, myEnrollmentResponseSchema, programResponseSchema, programsResponseSchema, subjectResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Account, type Harness, ROLES, startHarness } from './modules-harness.js';

let h: Harness;
let student: Account;
let teacher: Account;
let studentAdmin: Account;
let auditor: Account;
let program: Program;
let subject: Subject;
let otherProgram: Program;
let otherSubject: Subject;

beforeAll(async () => {
  h = await startHarness('enrollment');
  student = await h.account('student', 'Ada Student');
  teacher = await h.account('teacher');
  studentAdmin = await h.account('student_admin');
  auditor = await h.account('auditor');
  program = bodyOf(await h.call('POST', '/programs', { token: h.admin.token, body: { name: 'Web Development', type: 'daytime', description: 'HTML to React' } }), programResponseSchema).program;
  subject = bodyOf(await h.call('POST', '/subjects', { token: h.admin.token, body: { name: 'Cohort A', programId: program.id } }), subjectResponseSchema).subject;
  otherProgram = bodyOf(await h.call('POST', '/programs', { token: h.admin.token, body: { name: 'Data "Science", Evening' } }), programResponseSchema).program;
  otherSubject = bodyOf(await h.call('POST', '/subjects', { token: h.admin.token, body: { name: 'Cohort B', programId: otherProgram.id } }), subjectResponseSchema).subject;
}, 60_000);
afterAll(async () => h?.stop());

const admin = () => h.admin.token;
const enroll = (studentId: string, programId = program.id, subjectId = subject.id) => h.call('POST', '/enrollments', { token: admin(), body: { studentId, programId, subjectId } });
const setStatus = (id: string, status: string, expectedVersion?: number) => h.call('PUT', `/enrollments/${id}/status`, { token: admin(), body: { status, expectedVersion } });
const enrollmentEvents = async () => (await h.store.readAll(0, 100_000)).filter((e) => e.streamId.startsWith('enrollment-')).length;

describe('authorization', () => {
  it('answers every enrollment endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    const matrix: [string, string, unknown, number, number, number, number, number, number][] = [
      ['GET', '/enrollments', undefined, 401, 403, 403, 200, 403, 403],
      ['GET', '/enrollment-counts', undefined, 401, 403, 403, 200, 200, 403],
      ['POST', '/enrollments', {}, 401, 403, 403, 400, 403, 403],
      ['GET', `/enrollments/${nobody}`, undefined, 401, 404, 403, 404, 403, 403],
      ['PUT', `/enrollments/${nobody}/status`, { status: 'active' }, 401, 403, 403, 404, 403, 403],
      ['POST', '/enrollments/import', { csv: 'student_email,program,subject\n', dryRun: true }, 401, 403, 403, 400, 403, 403],
      ['GET', '/student/enrollment', undefined, 401, 200, 403, 403, 403, 403],
    ];
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, path, body, ...expected] of matrix) {
      for (const [i, role] of ROLES.entries()) {
        const res = await h.call(method, path, { body, token: token[role] });
        got.push(`${method} ${path} ${role} → ${res.status}`);
        want.push(`${method} ${path} ${role} → ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });
});

describe('enrolling and status changes', () => {
  it('enrolls pending at week 1 with a code; the student sees it only once active; status stamps follow spec §4', async () => {
    const s = await h.account('student', 'Grace Hopper');
    const res = await enroll(s.userId);
    expect(res.status).toBe(201);
    const e = bodyOf(res, enrollmentResponseSchema).enrollment;
    expect(bodyOf(res, messageResponseSchema).message).toBe(ENROLLMENT_MESSAGES.studentEnrolled);
    expect(e).toMatchObject({
      studentId: s.userId,
      studentName: 'Grace Hopper',
      studentEmail: s.email.toLowerCase(),
      programId: program.id,
      programName: 'Web Development',
      programType: 'daytime',
      programDescription: 'HTML to React',
      subjectId: subject.id,
      subjectName: 'Cohort A',
      status: 'pending',
      currentWeek: 1,
      activatedAt: null,
      completedAt: null,
      version: 1,
    });
    expect(e.code).toMatch(/^ENR-\d{4}-\d{4,}$/);
    expect(bodyOf(await h.call('GET', '/student/enrollment', { token: s.token }), myEnrollmentResponseSchema)).toEqual({ enrollment: null });
    expect(bodyOf(await h.call('GET', '/enrollments', { token: admin() }), enrollmentsResponseSchema).enrollments[0].id).toBe(e.id);
    // The dashboards' counts (the student admin may count, not list): they follow every status change.
    const counts = async () => bodyOf(await h.call('GET', '/enrollment-counts', { token: studentAdmin.token, minPosition: await h.head() }), enrollmentCountsResponseSchema).counts;
    const before = await counts();
    expect(Object.keys(before).sort()).toEqual(['active', 'completed', 'dropped', 'pending']);

    const active = await setStatus(e.id, 'active', 1);
    expect(active.status).toBe(200);
    expect(await counts()).toEqual({ ...before, pending: before.pending - 1, active: before.active + 1 });
    expect(active.body).toMatchObject({ message: ENROLLMENT_MESSAGES.statusUpdated, enrollment: { status: 'active', version: 2 } });
    const activatedAt = bodyOf(active, enrollmentResponseSchema).enrollment.activatedAt;
    expect(activatedAt).not.toBeNull();
    expect(bodyOf(await h.call('GET', '/student/enrollment', { token: s.token }), myEnrollmentResponseSchema).enrollment).toMatchObject({ id: e.id, status: 'active' });
    expect(bodyOf(await h.call('GET', `/enrollments/${e.id}`, { token: s.token }), enrollmentResponseSchema).enrollment.id).toBe(e.id);

    const done = await setStatus(e.id, 'completed');
    expect(bodyOf(done, enrollmentResponseSchema).enrollment).toMatchObject({ status: 'completed', activatedAt, version: 3 });
    expect(bodyOf(done, enrollmentResponseSchema).enrollment.completedAt).not.toBeNull();
    const again = await setStatus(e.id, 'active');
    expect(bodyOf(again, enrollmentResponseSchema).enrollment).toMatchObject({ status: 'active', activatedAt, version: 4 });
    expect(bodyOf(await setStatus(e.id, 'dropped'), enrollmentResponseSchema).enrollment.status).toBe('dropped');
    expect(bodyOf(await h.call('GET', '/student/enrollment', { token: s.token }), myEnrollmentResponseSchema)).toEqual({ enrollment: null });
  });

  it('refuses a student reading another student\'s enrollment (404), and unknown ids', async () => {
    const owner = await h.account('student');
    const e = bodyOf(await enroll(owner.userId), enrollmentResponseSchema).enrollment;
    const res = await h.call('GET', `/enrollments/${e.id}`, { token: student.token });
    expect(res.status).toBe(404);
    expect(bodyOf(res, messageResponseSchema).message).toBe(ENROLLMENT_MESSAGES.enrollmentNotFound);
    expect((await h.call('GET', `/enrollments/${e.id}`, { token: owner.token })).status).toBe(200);
    expect((await h.call('GET', '/enrollments/not-an-id', { token: admin() })).status).toBe(404);
    expect((await h.call('PUT', '/enrollments/not-an-id/status', { token: admin(), body: { status: 'active' } })).status).toBe(404);
  });

  it('answers bad bodies with 400 and field messages and appends nothing', async () => {
    const s = await h.account('student');
    const e = bodyOf(await enroll(s.userId), enrollmentResponseSchema).enrollment;
    const cases: [string, string, unknown, Record<string, string[]>][] = [
      ['POST', '/enrollments', {}, { studentId: ['Choose a student'], programId: ['Choose a program'], subjectId: ['Choose a subject'] }],
      ['POST', '/enrollments', { studentId: teacher.userId, programId: program.id, subjectId: otherSubject.id }, { studentId: [ENROLLMENT_MESSAGES.notAStudent], subjectId: [ENROLLMENT_MESSAGES.subjectNotInProgram] }],
      ['POST', '/enrollments', { studentId: s.userId, programId: '00000000-0000-4000-8000-00000000abcd', subjectId: subject.id }, { programId: ['Choose a program'] }],
      ['PUT', `/enrollments/${e.id}/status`, { status: 'paused' }, { status: ['Choose pending, active, completed or dropped'] }],
      ['PUT', `/enrollments/${e.id}/status`, { status: 'active', expectedVersion: -1 }, { expectedVersion: [expect.any(String)] as never }],
      ['POST', '/enrollments/import', { csv: '' }, { csv: ['The file is empty'], dryRun: [expect.any(String)] as never }],
      ['POST', '/enrollments/import', { csv: 'email\nx', dryRun: false }, { csv: ['The first line must be the header student_email,program,subject'] }],
      ['POST', '/enrollments/import', { csv: 'student_email,program,subject\n"a,b', dryRun: false }, { csv: ['Line 2: a quoted field is not closed'] }],
    ];
    const before = await h.head();
    for (const [method, path, body, fields] of cases) {
      const res = await h.call(method, path, { token: admin(), body });
      expect({ path, status: res.status, message: bodyOf(res, messageResponseSchema).message, fields: bodyOf(res, apiErrorSchema).fields }).toEqual({ path, status: 400, message: 'Some fields are not valid', fields });
    }
    expect(await h.head()).toBe(before);
  });

  it('lets one of two concurrent status changes with the same expectedVersion win; the other gets 409 changedMeanwhile', async () => {
    const s = await h.account('student');
    const e = bodyOf(await enroll(s.userId), enrollmentResponseSchema).enrollment;
    const before = await enrollmentEvents();
    const [a, b] = await Promise.all([setStatus(e.id, 'active', 1), setStatus(e.id, 'dropped', 1)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(bodyOf(lost, messageResponseSchema).message).toBe(ENROLLMENT_MESSAGES.changedMeanwhile);
    expect(await enrollmentEvents()).toBe(before + 1);
    // A stale version is refused too.
    expect((await setStatus(e.id, 'completed', 1)).status).toBe(409);
  });

  it('allows one unfinished enrollment per student and program, also under concurrency; completed or dropped frees the place', async () => {
    const s = await h.account('student');
    const answers = await Promise.all(Array.from({ length: 5 }, () => enroll(s.userId)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(bodyOf(answers.find((a) => a.status === 409)!, messageResponseSchema).message).toBe(ENROLLMENT_MESSAGES.alreadyEnrolled);
    const mine = bodyOf(await h.call('GET', '/enrollments', { token: admin() }), enrollmentsResponseSchema).enrollments.filter((x) => x.studentId === s.userId);
    expect(mine).toHaveLength(1);
    // Another program is another place.
    expect((await enroll(s.userId, otherProgram.id, otherSubject.id)).status).toBe(201);
    // Dropped, the place is free; reactivating the dropped one is refused while the new one holds it.
    expect((await setStatus(mine[0].id, 'dropped')).status).toBe(200);
    const next = await enroll(s.userId);
    expect(next.status).toBe(201);
    const back = await setStatus(mine[0].id, 'active');
    expect(back.status).toBe(409);
    expect(bodyOf(back, messageResponseSchema).message).toBe(ENROLLMENT_MESSAGES.alreadyEnrolled);
  });

  it('lets a reactivation and a new enrollment of the same student and program race: exactly one holds the place', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const s = await h.account('student');
        const first = bodyOf(await enroll(s.userId), enrollmentResponseSchema).enrollment;
        expect((await setStatus(first.id, 'dropped')).status).toBe(200);
        const [back, fresh] = await Promise.all([setStatus(first.id, 'active'), enroll(s.userId)]);
        return { s, back, fresh };
      }),
    );
    const list = bodyOf(await h.call('GET', '/enrollments', { token: admin(), minPosition: await h.head() }), enrollmentsResponseSchema).enrollments;
    for (const { s, back, fresh } of rounds) {
      // The loser is told why: the place is held (or the reactivation read a place that moved under it).
      expect([back.status, fresh.status].sort()).toEqual(back.status === 200 ? [200, 409] : [201, 409]);
      const lost = back.status === 409 ? back : fresh;
      expect([ENROLLMENT_MESSAGES.alreadyEnrolled, ENROLLMENT_MESSAGES.changedMeanwhile]).toContain(bodyOf(lost, messageResponseSchema).message);
      const unfinished = list.filter((x) => x.studentId === s.userId && ['pending', 'active'].includes(x.status));
      expect(unfinished).toHaveLength(1);
    }
  });

  it('answers 404 for a status change of an unknown enrollment, also with a version to expect', async () => {
    const res = await setStatus('00000000-0000-4000-8000-0000000000fe', 'active', 1);
    expect(res.status).toBe(404);
    expect(bodyOf(res, messageResponseSchema).message).toBe(ENROLLMENT_MESSAGES.enrollmentNotFound);
  });

  it('gives every enrollment a distinct code, even when many are made at once', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => h.account('student')));
    const answers = await Promise.all(people.map((p) => enroll(p.userId)));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const codes = bodyOf(await h.call('GET', '/enrollments', { token: admin() }), enrollmentsResponseSchema).enrollments.map((x) => x.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('counts enrollments in the catalog: a program or subject with enrollments cannot be deleted', async () => {
    const p = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Temporary' } }), programResponseSchema).program;
    const sub = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'T1', programId: p.id } }), subjectResponseSchema).subject;
    const s = await h.account('student');
    // The enroll answers once the enrollments projection shows it; the catalog's replica follows on its
    // own. Like the web client, the next calls carry the position of the caller's own write (ADR 0015).
    const { position: minPosition } = await enroll(s.userId, p.id, sub.id);
    expect(bodyOf(await h.call('GET', '/programs', { token: admin(), minPosition }), programsResponseSchema).programs.find((x) => x.id === p.id)).toMatchObject({ subjectCount: 1, enrollmentCount: 1 });
    const res = await h.call('DELETE', `/subjects/${sub.id}`, { token: admin(), minPosition });
    expect(res.status).toBe(409);
    expect(bodyOf(res, messageResponseSchema).message).toBe(CATALOG_MESSAGES.subjectInUse);
    expect((await h.call('DELETE', `/programs/${p.id}`, { token: admin(), minPosition })).status).toBe(409);
  });

  it('removes a deleted student\'s enrollments from every read model', async () => {
    const p = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Gone Soon' } }), programResponseSchema).program;
    const sub = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'G1', programId: p.id } }), subjectResponseSchema).subject;
    const s = await h.account('student');
    const e = bodyOf(await enroll(s.userId, p.id, sub.id), enrollmentResponseSchema).enrollment;
    const deleted = await h.call('DELETE', `/users/${s.userId}`, { token: admin() });
    expect(deleted.status).toBe(200);
    // identity answered once its own projection showed the deletion; a read at that position waits for these.
    const list = bodyOf(await h.call('GET', '/enrollments', { token: admin(), minPosition: deleted.position }), enrollmentsResponseSchema).enrollments;
    expect(list.some((x) => x.id === e.id || x.studentId === s.userId)).toBe(false);
    expect((await h.call('GET', `/enrollments/${e.id}`, { token: admin() })).status).toBe(404);
    expect(bodyOf(await h.call('GET', '/programs', { token: admin(), minPosition: deleted.position }), programsResponseSchema).programs.find((x) => x.id === p.id)?.enrollmentCount).toBe(0);
    expect((await h.call('DELETE', `/subjects/${sub.id}`, { token: admin() })).status).toBe(200);
    expect(bodyOf(await enroll(s.userId, p.id, sub.id), apiErrorSchema).fields?.studentId).toEqual([ENROLLMENT_MESSAGES.notAStudent]);
  });
});

describe('CSV import', () => {
  const csvOf = (rows: string[][]) => ['student_email,program,subject', ...rows.map((r) => r.map((f) => (/[",\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(','))].join('\r\n');

  it('refuses a file with one bad row: 400 naming that row\'s line, nothing written', async () => {
    const a = await h.account('student');
    const b = await h.account('student');
    const csv = csvOf([
      [a.email, 'Web Development', 'Cohort A'],
      [b.email, 'Web Development', 'Cohort B'],
    ]);
    const before = await h.head();
    const res = await h.call('POST', '/enrollments/import', { token: admin(), body: { csv, dryRun: false } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: ENROLLMENT_MESSAGES.importHasProblems, dryRun: false, problemCount: 1, enrolled: 0 });
    expect(bodyOf(res, importEnrollmentsResponseSchema).rows).toEqual([
      { line: 2, studentEmail: a.email, program: 'Web Development', subject: 'Cohort A', problems: [] },
      { line: 3, studentEmail: b.email, program: 'Web Development', subject: 'Cohort B', problems: [`${ENROLLMENT_MESSAGES.subjectNotInProgram}: Cohort B`] },
    ]);
    expect(await h.head()).toBe(before);
  });

  it('reports every kind of problem on a dry run, and writes nothing', async () => {
    const a = await h.account('student');
    const enrolled = await h.account('student');
    await enroll(enrolled.userId);
    const csv = csvOf([
      [a.email, 'Web Development', 'Cohort A'],
      ['nobody@example.com', 'Web Development', 'Cohort A'],
      [teacher.email, 'Web Development', 'Cohort A'],
      [a.email.toUpperCase(), 'web development', 'cohort a'],
      [enrolled.email, 'Web Development', 'Cohort A'],
      [a.email, 'Cooking', 'Cohort A'],
    ]);
    const before = await h.head();
    const res = await h.call('POST', '/enrollments/import', { token: admin(), body: { csv, dryRun: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, problemCount: 5, enrolled: 0 });
    expect(bodyOf(res, importEnrollmentsResponseSchema).rows.map((r) => [r.line, r.problems])).toEqual([
      [2, []],
      [3, ['No account has the email nobody@example.com']],
      [4, [`${teacher.email} is not a student`]],
      [5, ['Duplicate of line 2: one enrollment per student and program']],
      [6, [ENROLLMENT_MESSAGES.alreadyEnrolled]],
      [7, ['Unknown program: Cooking']],
    ]);
    expect(await h.head()).toBe(before);
  });

  it('applies a file while single enrollments take codes at the same time: every enrollment made, every code distinct', async () => {
    const rows = await Promise.all(Array.from({ length: 4 }, () => h.account('student')));
    const singles = await Promise.all(Array.from({ length: 4 }, () => h.account('student')));
    const csv = csvOf(rows.map((p) => [p.email, 'Web Development', 'Cohort A']));
    const [imported, ...enrolled] = await Promise.all([h.call('POST', '/enrollments/import', { token: admin(), body: { csv, dryRun: false } }), ...singles.map((p) => enroll(p.userId))]);
    expect([imported.status, ...enrolled.map((e) => e.status)]).toEqual([201, 201, 201, 201, 201]);
    const list = bodyOf(await h.call('GET', '/enrollments', { token: admin(), minPosition: await h.head() }), enrollmentsResponseSchema).enrollments;
    const ours = list.filter((x) => [...rows, ...singles].some((p) => p.userId === x.studentId));
    expect(ours).toHaveLength(8);
    const codes = list.map((x) => x.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('refuses the whole file when one of its rows was enrolled meanwhile: nothing of it is written', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => h.account('student')));
    const csv = csvOf(people.map((p) => [p.email, 'Web Development', 'Cohort A']));
    // Both pass the read-model check; the write model decides: one of them holds people[2]'s place.
    const [imported, single] = await Promise.all([h.call('POST', '/enrollments/import', { token: admin(), body: { csv, dryRun: false } }), enroll(people[2].userId)]);
    const list = bodyOf(await h.call('GET', '/enrollments', { token: admin(), minPosition: await h.head() }), enrollmentsResponseSchema).enrollments;
    const mine = (p: Account) => list.filter((x) => x.studentId === p.userId);
    if (imported.status === 201) {
      expect(single.status).toBe(409);
      for (const p of people) expect(mine(p)).toHaveLength(1);
    } else {
      expect(single.status).toBe(201);
      // 409 when the place was claimed after its check, 400 (its report) when the check already saw it.
      expect([400, 409]).toContain(imported.status);
      expect(mine(people[0])).toHaveLength(0);
      expect(mine(people[1])).toHaveLength(0);
      expect(mine(people[2])).toHaveLength(1);
    }
  });

  it('dry-runs a clean file without writing, then enrolls every row in one atomic append', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => h.account('student')));
    const csv = csvOf([
      [people[0].email, 'Web Development', 'Cohort A'],
      [people[1].email, 'Data "Science", Evening', 'Cohort B'],
      [people[2].email, 'Web Development', 'Cohort A'],
    ]);
    const before = await h.head();
    const dry = await h.call('POST', '/enrollments/import', { token: admin(), body: { csv, dryRun: true } });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, problemCount: 0, enrolled: 0 });
    expect(await h.head()).toBe(before);

    const res = await h.call('POST', '/enrollments/import', { token: admin(), body: { csv, dryRun: false } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: ENROLLMENT_MESSAGES.imported(3), dryRun: false, problemCount: 0, enrolled: 3 });
    const list = bodyOf(await h.call('GET', '/enrollments', { token: admin() }), enrollmentsResponseSchema).enrollments;
    for (const p of people) expect(list.filter((x) => x.studentId === p.userId)).toEqual([expect.objectContaining({ status: 'pending', currentWeek: 1 })]);
    expect(list.find((x) => x.studentId === people[1].userId)?.programName).toBe('Data "Science", Evening');
    // One transaction: every event of the import has a neighbour of the same import, no one else's between.
    const after = await h.store.readAll(before, 1000);
    const written = after.filter((e) => e.metadata.correlationId === after[0].metadata.correlationId);
    expect(written).toHaveLength(3 * 3); // per row: its code on the year's counter, its StudentEnrolled, its place claim
    expect(written.map((e) => e.position)).toEqual(Array.from({ length: written.length }, (_, i) => before + 1 + i));
    // Applying the same file again finds them enrolled.
    const again = await h.call('POST', '/enrollments/import', { token: admin(), body: { csv, dryRun: false } });
    expect(again.status).toBe(400);
    expect(bodyOf(again, importEnrollmentsResponseSchema).problemCount).toBe(3);
  });
});
