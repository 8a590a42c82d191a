// The catalog context over real HTTP, Postgres and Redis (see modules-harness.ts): programs, subjects,
// teacher assignments, My Subjects; every endpoint × every role; bad inputs; delete rules; concurrency.
import { apiErrorSchema, CATALOG_MESSAGES, messageResponseSchema, mySubjectsResponseSchema, programResponseSchema, programsResponseSchema, subjectResponseSchema, subjectsResponseSchema, teacherAssignmentResponseSchema, teacherAssignmentsResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Account, type Harness, ROLES, startHarness } from './modules-harness.js';

let h: Harness;
let student: Account;
let teacher: Account;
let studentAdmin: Account;
let auditor: Account;

beforeAll(async () => {
  h = await startHarness('catalog');
  student = await h.account('student');
  teacher = await h.account('teacher', 'Tess Teacher');
  studentAdmin = await h.account('student_admin');
  auditor = await h.account('auditor');
}, 60_000);
afterAll(async () => h?.stop());

const admin = () => h.admin.token;
const newProgram = async (name = `Program ${Math.random().toString(36).slice(2, 8)}`, type = 'evening') => {
  const res = await h.call('POST', '/programs', { token: admin(), body: { name, type, description: `About ${name}` } });
  expect(res.status).toBe(201);
  return bodyOf(res, programResponseSchema).program;
};
const newSubject = async (programId: string, name = `Subject ${Math.random().toString(36).slice(2, 8)}`) => {
  const res = await h.call('POST', '/subjects', { token: admin(), body: { name, programId, weekNumber: 2 } });
  expect(res.status).toBe(201);
  return bodyOf(res, subjectResponseSchema).subject;
};

describe('authorization', () => {
  it('answers every catalog endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    // [method, path, body, anonymous, student, teacher, admin, student_admin, auditor]
    const matrix: [string, string, unknown, number, number, number, number, number, number][] = [
      ['GET', '/programs', undefined, 401, 403, 403, 200, 403, 403],
      ['POST', '/programs', {}, 401, 403, 403, 400, 403, 403],
      ['PUT', `/programs/${nobody}`, { name: 'X' }, 401, 403, 403, 404, 403, 403],
      ['DELETE', `/programs/${nobody}`, undefined, 401, 403, 403, 404, 403, 403],
      ['GET', '/subjects', undefined, 401, 403, 403, 200, 403, 403],
      ['POST', '/subjects', {}, 401, 403, 403, 400, 403, 403],
      ['PUT', `/subjects/${nobody}`, { name: 'X', programId: nobody }, 401, 403, 403, 404, 403, 403],
      ['DELETE', `/subjects/${nobody}`, undefined, 401, 403, 403, 404, 403, 403],
      ['GET', '/teacher-assignments', undefined, 401, 403, 403, 200, 403, 403],
      ['POST', '/teacher-assignments', {}, 401, 403, 403, 400, 403, 403],
      ['DELETE', `/teacher-assignments/${nobody}`, undefined, 401, 403, 403, 404, 403, 403],
      ['GET', '/teacher/subjects', undefined, 401, 403, 200, 403, 403, 403],
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

describe('programs', () => {
  it('creates (type defaults to evening), lists by name with counts, updates and deletes; answers show the write', async () => {
    const created = await h.call('POST', '/programs', { token: admin(), body: { name: '  Zulu Program ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: CATALOG_MESSAGES.programCreated, program: { name: 'Zulu Program', type: 'evening', description: '', subjectCount: 0, enrollmentCount: 0 } });
    const id = bodyOf(created, programResponseSchema).program.id;
    await newProgram('Alpha Program', 'daytime');
    const names = bodyOf(await h.call('GET', '/programs', { token: admin() }), programsResponseSchema).programs.map((p) => p.name);
    expect(names.indexOf('Alpha Program')).toBeLessThan(names.indexOf('Zulu Program'));

    const updated = await h.call('PUT', `/programs/${id}`, { token: admin(), body: { name: 'Zulu', type: 'daytime', description: 'New' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ message: CATALOG_MESSAGES.programUpdated, program: { id, name: 'Zulu', type: 'daytime', description: 'New' } });
    const deleted = await h.call('DELETE', `/programs/${id}`, { token: admin() });
    expect(deleted).toMatchObject({ status: 200, body: { message: CATALOG_MESSAGES.programDeleted } });
    expect(bodyOf(await h.call('GET', '/programs', { token: admin() }), programsResponseSchema).programs.some((p) => p.id === id)).toBe(false);
    expect((await h.call('DELETE', `/programs/${id}`, { token: admin() })).status).toBe(404);
    expect((await h.call('PUT', '/programs/not-a-uuid', { token: admin(), body: { name: 'X' } })).body).toMatchObject({ statusCode: 404, message: CATALOG_MESSAGES.programNotFound });
  });

  it('refuses to delete a program with live subjects (409), and allows it once they are gone', async () => {
    const program = await newProgram();
    const subject = await newSubject(program.id);
    expect(bodyOf(await h.call('GET', '/programs', { token: admin() }), programsResponseSchema).programs.find((p) => p.id === program.id)?.subjectCount).toBe(1);
    const before = await h.head();
    const refused = await h.call('DELETE', `/programs/${program.id}`, { token: admin() });
    expect(refused.status).toBe(409);
    expect(bodyOf(refused, messageResponseSchema).message).toBe(CATALOG_MESSAGES.programInUse);
    expect(await h.head()).toBe(before);
    expect((await h.call('DELETE', `/subjects/${subject.id}`, { token: admin() })).status).toBe(200);
    expect((await h.call('DELETE', `/programs/${program.id}`, { token: admin() })).status).toBe(200);
  });
});

describe('subjects', () => {
  it('creates in an existing program, lists by program then name, filters by program, updates', async () => {
    const program = await newProgram('Bravo');
    const other = await newProgram('Charlie');
    const b = await newSubject(program.id, 'b-subject');
    const a = await newSubject(program.id, 'A-subject');
    const c = await newSubject(other.id, 'a-other');
    expect(a).toMatchObject({ name: 'A-subject', programId: program.id, programName: 'Bravo', programType: 'evening', weekNumber: 2, description: '' });
    const all = bodyOf(await h.call('GET', '/subjects', { token: admin() }), subjectsResponseSchema).subjects.map((s) => s.id);
    expect(all.indexOf(a.id)).toBeLessThan(all.indexOf(b.id));
    expect(all.indexOf(b.id)).toBeLessThan(all.indexOf(c.id));
    expect(bodyOf(await h.call('GET', `/subjects?programId=${program.id}`, { token: admin() }), subjectsResponseSchema).subjects.map((s) => s.id)).toEqual([a.id, b.id]);
    const moved = await h.call('PUT', `/subjects/${a.id}`, { token: admin(), body: { name: 'A2', programId: other.id, weekNumber: null, description: 'x' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ message: CATALOG_MESSAGES.subjectUpdated, subject: { name: 'A2', programName: 'Charlie', weekNumber: null } });
  });

  it('keeps a subject with enrollments in its program: it may be renamed, not moved (409), and nothing is appended', async () => {
    const program = await newProgram('Delta');
    const other = await newProgram('Echo');
    const subject = await newSubject(program.id, 'Cohort D1');
    const enrolled = await h.call('POST', '/enrollments', { token: admin(), body: { studentId: student.userId, programId: program.id, subjectId: subject.id } });
    expect(enrolled.status).toBe(201);
    const before = await h.head();
    // The catalog learns of the enrollment from the enrollment context's event; like the web client,
    // the admin's next command carries the position of their own last write (ADR 0015).
    const moved = await h.call('PUT', `/subjects/${subject.id}`, { token: admin(), body: { name: 'Cohort D1', programId: other.id, weekNumber: 2 }, minPosition: enrolled.position });
    expect(moved).toMatchObject({ status: 409, body: { message: CATALOG_MESSAGES.subjectHasEnrollments } });
    expect(await h.head()).toBe(before);
    const renamed = await h.call('PUT', `/subjects/${subject.id}`, { token: admin(), body: { name: 'Cohort D1 (2027)', programId: program.id, weekNumber: 2 } });
    expect(renamed).toMatchObject({ status: 200, body: { subject: { name: 'Cohort D1 (2027)', programId: program.id } } });
  });

  it('answers bad bodies with 400 and field messages and appends nothing', async () => {
    const program = await newProgram();
    const subject = await newSubject(program.id);
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const cases: [string, string, unknown, Record<string, string[]>][] = [
      ['POST', '/programs', { name: ' ', type: 'weekend' }, { name: ['Name is required'], type: ['Choose evening or daytime'] }],
      ['POST', '/programs', { name: 'x'.repeat(201) }, { name: ['Name must be at most 200 characters'] }],
      ['PUT', `/programs/${program.id}`, { name: 3 }, { name: ['Name is required'] }],
      ['POST', '/subjects', { name: 'S', programId: 'nope', weekNumber: 21 }, { programId: ['Choose a program'], weekNumber: ['Week number must be a whole number from 1 to 20'] }],
      ['POST', '/subjects', { name: 'S', programId: missing }, { programId: ['Choose a program'] }],
      ['POST', '/subjects', { name: 'S', programId: program.id, weekNumber: 1.5 }, { weekNumber: ['Week number must be a whole number from 1 to 20'] }],
      ['PUT', `/subjects/${subject.id}`, { name: '', programId: missing, weekNumber: 0 }, { name: ['Name is required'], weekNumber: ['Week number must be a whole number from 1 to 20'] }],
      ['PUT', `/subjects/${subject.id}`, { name: 'S', programId: missing }, { programId: ['Choose a program'] }],
      ['POST', '/teacher-assignments', { teacherId: 'x', subjectId: 'y' }, { teacherId: ['Choose a teacher'], subjectId: ['Choose a subject'] }],
      ['POST', '/teacher-assignments', { teacherId: student.userId, subjectId: missing }, { teacherId: [CATALOG_MESSAGES.notATeacher], subjectId: ['Choose a subject'] }],
    ];
    const before = await h.head();
    for (const [method, path, body, fields] of cases) {
      const res = await h.call(method, path, { token: admin(), body });
      expect({ path, status: res.status, message: bodyOf(res, messageResponseSchema).message, fields: bodyOf(res, apiErrorSchema).fields }).toEqual({ path, status: 400, message: 'Some fields are not valid', fields });
    }
    expect((await h.call('GET', '/subjects?programId=nope', { token: admin() })).status).toBe(400);
    expect(await h.head()).toBe(before);
  });
});

describe('teacher assignments', () => {
  it('assigns, lists newest first with names, refuses a duplicate, removes; a subject in use cannot be deleted', async () => {
    const program = await newProgram('Delta');
    const s1 = await newSubject(program.id, 'Delta One');
    const s2 = await newSubject(program.id, 'Delta Two');
    const first = await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: s1.id } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: CATALOG_MESSAGES.teacherAssigned,
      assignment: { teacherId: teacher.userId, teacherName: 'Tess Teacher', teacherEmail: teacher.email.toLowerCase(), subjectId: s1.id, subjectName: 'Delta One', programName: 'Delta' },
    });
    const second = await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: s2.id } });
    const list = bodyOf(await h.call('GET', '/teacher-assignments', { token: admin() }), teacherAssignmentsResponseSchema).assignments.map((a) => a.id);
    expect(list.indexOf(bodyOf(second, teacherAssignmentResponseSchema).assignment.id)).toBeLessThan(list.indexOf(bodyOf(first, teacherAssignmentResponseSchema).assignment.id));

    const before = await h.head();
    const dup = await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: s1.id } });
    expect(dup.status).toBe(409);
    expect(bodyOf(dup, messageResponseSchema).message).toBe(CATALOG_MESSAGES.alreadyAssigned);
    expect(await h.head()).toBe(before);

    const inUse = await h.call('DELETE', `/subjects/${s1.id}`, { token: admin() });
    expect(inUse.status).toBe(409);
    expect(bodyOf(inUse, messageResponseSchema).message).toBe(CATALOG_MESSAGES.subjectInUse);

    expect(await h.call('DELETE', `/teacher-assignments/${bodyOf(first, teacherAssignmentResponseSchema).assignment.id}`, { token: admin() })).toMatchObject({ status: 200, body: { message: CATALOG_MESSAGES.assignmentRemoved } });
    expect((await h.call('DELETE', `/teacher-assignments/${bodyOf(first, teacherAssignmentResponseSchema).assignment.id}`, { token: admin() })).status).toBe(404);
    // Removed, the pair is free again.
    expect((await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: s1.id } })).status).toBe(201);
  });

  it('makes one assignment of many concurrent assigns of one (teacher, subject)', async () => {
    const program = await newProgram();
    const subject = await newSubject(program.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: subject.id } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const assigned = bodyOf(await h.call('GET', '/teacher-assignments', { token: admin() }), teacherAssignmentsResponseSchema).assignments.filter((a) => a.subjectId === subject.id);
    expect(assigned).toHaveLength(1);
  });

  it('of concurrent removals of one assignment, one removes it and the others find it gone (404, not 409)', async () => {
    const subject = await newSubject((await newProgram()).id);
    const assigned = await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: subject.id } });
    expect(assigned.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 4 }, () => h.call('DELETE', `/teacher-assignments/${bodyOf(assigned, teacherAssignmentResponseSchema).assignment.id}`, { token: admin() })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404]);
    const pair = await h.store.readStream(`teacher-subject-${teacher.userId}-${subject.id}`);
    expect(pair.map((e) => e.type)).toEqual(['TeacherSubjectPairClaimed', 'TeacherSubjectPairReleased']);
  });

  it('frees the pair of a teacher who stopped being a teacher: given the role back, they can be assigned the same subject again', async () => {
    const subject = await newSubject((await newProgram()).id);
    const comeback = await h.account('teacher');
    const first = await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: comeback.userId, subjectId: subject.id } });
    expect(first.status).toBe(201);
    expect((await h.call('PUT', `/users/${comeback.userId}/role`, { token: admin(), body: { role: 'student' } })).status).toBe(200);
    const back = await h.call('PUT', `/users/${comeback.userId}/role`, { token: admin(), body: { role: 'teacher' } });
    expect(back.status).toBe(200);
    // The old assignment is gone from the read model, but its claim is still on the pair's stream:
    // the new claim releases it in the same append.
    const again = await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: comeback.userId, subjectId: subject.id }, minPosition: back.position });
    expect(again.status).toBe(201);
    const pair = await h.store.readStream(`teacher-subject-${comeback.userId}-${subject.id}`);
    expect(pair.map((e) => [e.type, (e.data as { assignmentId: string }).assignmentId])).toEqual([
      ['TeacherSubjectPairClaimed', bodyOf(first, teacherAssignmentResponseSchema).assignment.id],
      ['TeacherSubjectPairReleased', bodyOf(first, teacherAssignmentResponseSchema).assignment.id],
      ['TeacherSubjectPairClaimed', bodyOf(again, teacherAssignmentResponseSchema).assignment.id],
    ]);
    expect((await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: comeback.userId, subjectId: subject.id } })).status).toBe(409);
  });

  it('shows a teacher only their own subjects; a teacher who is deleted or stops being a teacher loses their assignments', async () => {
    const program = await newProgram('Echo');
    const mine = await newSubject(program.id, 'Echo Mine');
    const theirs = await newSubject(program.id, 'Echo Theirs');
    const me = await h.account('teacher');
    const other = await h.account('teacher');
    expect(bodyOf(await h.call('GET', '/teacher/subjects', { token: me.token }), mySubjectsResponseSchema)).toEqual({ subjects: [] });
    await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: me.userId, subjectId: mine.id } });
    await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: other.userId, subjectId: theirs.id } });
    const got = await h.call('GET', '/teacher/subjects', { token: me.token });
    expect(bodyOf(got, subjectsResponseSchema).subjects).toEqual([expect.objectContaining({ id: mine.id, name: 'Echo Mine', programName: 'Echo', programType: 'evening', weekNumber: 2 })]);

    expect((await h.call('PUT', `/users/${other.userId}/role`, { token: admin(), body: { role: 'student' } })).status).toBe(200);
    const deleted = await h.call('DELETE', `/users/${me.userId}`, { token: admin() });
    expect(deleted.status).toBe(200);
    expect((await h.call('GET', '/teacher-assignments', { token: admin(), minPosition: deleted.position })).status).toBe(200);
    // The catalog read model follows identity's events: no assignment of either is left, and the subjects can go.
    expect((await h.call('DELETE', `/subjects/${theirs.id}`, { token: admin() })).status).toBe(200);
    expect((await h.call('DELETE', `/subjects/${mine.id}`, { token: admin() })).status).toBe(200);
    const left = bodyOf(await h.call('GET', '/teacher-assignments', { token: admin() }), teacherAssignmentsResponseSchema).assignments;
    expect(left.some((a) => a.teacherId === me.userId || a.teacherId === other.userId)).toBe(false);
  });
});
