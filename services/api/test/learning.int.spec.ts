// The learning context over real HTTP, Postgres and Redis (see modules-harness.ts): weeks of assigned
// subjects, the content editor, publishing, the student's Weekly Lessons; every endpoint × every
// role; bad inputs write nothing; a draft week never reaches a student.
import { apiErrorSchema, enrollmentResponseSchema, LEARNING_MESSAGES, lessonsResponseSchema, messageResponseSchema, type Program, programResponseSchema, type Subject, subjectResponseSchema, weekResponseSchema, weeksResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Account, type Harness, ROLES, startHarness } from './modules-harness.js';

let h: Harness;
let student: Account;
let teacher: Account;
let otherTeacher: Account;
let studentAdmin: Account;
let auditor: Account;
let program: Program;
let subject: Subject;
let otherSubject: Subject;

const admin = () => h.admin.token;
const weekEvents = async () => (await h.store.readAll(0, 100_000)).filter((e) => e.streamId.startsWith('week-')).length;

beforeAll(async () => {
  h = await startHarness('learning');
  student = await h.account('student', 'Ada Student');
  teacher = await h.account('teacher', 'Tess Teacher');
  otherTeacher = await h.account('teacher', 'Otto Other');
  studentAdmin = await h.account('student_admin');
  auditor = await h.account('auditor');
  program = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Web Development', type: 'evening', description: 'HTML to React' } }), programResponseSchema).program;
  subject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'HTML & CSS', programId: program.id } }), subjectResponseSchema).subject;
  otherSubject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'JavaScript', programId: program.id } }), subjectResponseSchema).subject;
  expect((await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: subject.id } })).status).toBe(201);
  expect((await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: otherTeacher.userId, subjectId: otherSubject.id } })).status).toBe(201);
  const enrollment = bodyOf(await h.call('POST', '/enrollments', { token: admin(), body: { studentId: student.userId, programId: program.id, subjectId: subject.id } }), enrollmentResponseSchema).enrollment;
  expect((await h.call('PUT', `/enrollments/${enrollment.id}/status`, { token: admin(), body: { status: 'active' } })).status).toBe(200);
}, 60_000);
afterAll(async () => h?.stop());

describe('authorization', () => {
  it('answers every learning endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const week = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 7, title: 'Matrix week' } }), weekResponseSchema).week;
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    const w = `/weeks/${week.id}`;
    // columns: anonymous, student, teacher (assigned to the week's subject), admin, student admin
    const matrix: [string, string, unknown, number, number, number, number, number, number][] = [
      ['GET', '/teacher/weeks', undefined, 401, 403, 200, 200, 403, 403],
      ['GET', `/teacher/weeks?subjectId=${otherSubject.id}`, undefined, 401, 403, 403, 200, 403, 403],
      ['POST', '/weeks', {}, 401, 403, 400, 403, 403, 403],
      ['POST', '/weeks', { subjectId: otherSubject.id, weekNumber: 1, title: 'Not mine' }, 401, 403, 403, 403, 403, 403],
      ['GET', w, undefined, 401, 403, 200, 200, 403, 403],
      ['GET', `/weeks/${nobody}`, undefined, 401, 403, 404, 404, 403, 403],
      ['PUT', w, { title: 'Matrix week' }, 401, 403, 200, 403, 403, 403],
      ['PUT', `${w}/published`, { published: false }, 401, 403, 200, 403, 403, 403],
      ['POST', `${w}/tasks`, { dayNumber: 9, title: '' }, 401, 403, 400, 403, 403, 403],
      ['PUT', `${w}/tasks/${nobody}`, { dayNumber: 1, title: 'x' }, 401, 403, 404, 403, 403, 403],
      ['DELETE', `${w}/tasks/${nobody}`, undefined, 401, 403, 404, 403, 403, 403],
      ['PUT', `${w}/tasks/order`, { taskIds: [nobody] }, 401, 403, 400, 403, 403, 403],
      ['PUT', `${w}/capstone`, { title: '' }, 401, 403, 400, 403, 403, 403],
      ['DELETE', `${w}/capstone`, undefined, 401, 403, 404, 403, 403, 403],
      ['GET', '/student/lessons', undefined, 401, 200, 403, 403, 403, 403],
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

  it('refuses a teacher every write on a week of a subject not assigned to them, and writes nothing', async () => {
    const week = bodyOf(await h.call('POST', '/weeks', { token: otherTeacher.token, body: { subjectId: otherSubject.id, weekNumber: 3, title: 'Loops' } }), weekResponseSchema).week;
    const before = await weekEvents();
    const w = `/weeks/${week.id}`;
    for (const [method, path, body] of [
      ['GET', w, undefined],
      ['PUT', w, { title: 'Mine now' }],
      ['PUT', `${w}/published`, { published: true }],
      ['POST', `${w}/tasks`, { dayNumber: 1, title: 'Sneaky' }],
      ['PUT', `${w}/capstone`, { title: 'Sneaky' }],
    ] as const) {
      const res = await h.call(method, path, { body, token: teacher.token });
      expect([method, path, res.status, bodyOf(res, messageResponseSchema).message]).toEqual([method, path, 403, LEARNING_MESSAGES.notYourSubject]);
    }
    expect(await weekEvents()).toBe(before);
    expect(bodyOf(await h.call('GET', '/teacher/weeks', { token: teacher.token }), weeksResponseSchema).weeks.map((x) => x.subjectId)).not.toContain(otherSubject.id);
  });
});

describe('weekly content', () => {
  it('creates a draft week once per (subject, number); the student sees it only once published, with its tasks and capstone', async () => {
    const created = await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 1, title: ' Intro to HTML ', objectives: 'Tags and forms' } });
    expect(created.status).toBe(201);
    expect(bodyOf(created, messageResponseSchema).message).toBe(LEARNING_MESSAGES.weekCreated);
    const week = bodyOf(created, weekResponseSchema).week;
    expect(week).toMatchObject({ subjectId: subject.id, subjectName: 'HTML & CSS', programId: program.id, programName: 'Web Development', weekNumber: 1, title: 'Intro to HTML', objectives: 'Tags and forms', isPublished: false, tasks: [], capstone: null, version: 1 });
    const dup = await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 1, title: 'Again' } });
    expect([dup.status, bodyOf(dup, messageResponseSchema).message]).toEqual([409, LEARNING_MESSAGES.weekExists(1)]);

    const w = `/weeks/${week.id}`;
    const ids: (string | undefined)[] = [];
    for (let day = 1; day <= 5; day++) {
      const res = await h.call('POST', `${w}/tasks`, { token: teacher.token, body: { dayNumber: day, title: `Task ${day}`, description: `D${day}`, instructions: `I${day}`, dueAt: day === 1 ? '2026-12-01T17:00:00+02:00' : null } });
      expect([res.status, bodyOf(res, messageResponseSchema).message]).toEqual([201, LEARNING_MESSAGES.taskAdded]);
      ids.push(bodyOf(res, weekResponseSchema).week.tasks.find((t) => t.dayNumber === day)?.id);
    }
    const sixth = await h.call('POST', `${w}/tasks`, { token: teacher.token, body: { dayNumber: 1, title: 'Too many' } });
    expect([sixth.status, bodyOf(sixth, messageResponseSchema).message]).toEqual([409, LEARNING_MESSAGES.weekFull]);
    const cap = await h.call('PUT', `${w}/capstone`, { token: teacher.token, body: { title: 'Landing page', description: 'Build it', instructions: 'Use semantic HTML' } });
    expect(cap.body).toMatchObject({ message: LEARNING_MESSAGES.capstoneSaved, week: { capstone: { title: 'Landing page', dueAt: null } } });
    const capstoneId = bodyOf(cap, weekResponseSchema).week.capstone?.id;
    expect(bodyOf(await h.call('PUT', `${w}/capstone`, { token: teacher.token, body: { title: 'Landing page v2' } }), weekResponseSchema).week.capstone).toMatchObject({ id: capstoneId, title: 'Landing page v2' });

    const reordered = await h.call('PUT', `${w}/tasks/order`, { token: teacher.token, body: { taskIds: [ids[4], ids[0], ids[1], ids[2], ids[3]] } });
    expect(bodyOf(reordered, weekResponseSchema).week.tasks.map((t) => [t.title, t.dayNumber])).toEqual([['Task 5', 1], ['Task 1', 2], ['Task 2', 3], ['Task 3', 4], ['Task 4', 5]]);
    expect(bodyOf(reordered, weekResponseSchema).week.tasks[1].dueAt).toBe('2026-12-01T15:00:00.000Z');
    const edited = await h.call('PUT', `${w}/tasks/${ids[4]}`, { token: teacher.token, body: { dayNumber: 1, title: 'Task five', description: 'new', instructions: 'new' } });
    expect(bodyOf(edited, weekResponseSchema).week.tasks[0]).toMatchObject({ id: ids[4], title: 'Task five', dayNumber: 1 });
    const titled = await h.call('PUT', w, { token: teacher.token, body: { title: 'HTML basics', objectives: 'Semantic tags' } });
    expect(titled.body).toMatchObject({ message: LEARNING_MESSAGES.weekUpdated, week: { title: 'HTML basics', objectives: 'Semantic tags' } });
    // An editor that read an older version is told, and nothing is written.
    const stale = await h.call('PUT', w, { token: teacher.token, body: { title: 'Stale', expectedVersion: 1 } });
    expect([stale.status, bodyOf(stale, messageResponseSchema).message]).toEqual([409, LEARNING_MESSAGES.changedMeanwhile]);

    // A draft never reaches the student.
    const draft = await h.call('GET', '/student/lessons', { token: student.token });
    expect(draft.body).toMatchObject({ enrollment: { programId: program.id, programName: 'Web Development', currentWeek: 1 }, weeks: [] });

    const published = await h.call('PUT', `${w}/published`, { token: teacher.token, body: { published: true } });
    expect(published.body).toMatchObject({ message: LEARNING_MESSAGES.weekStatusUpdated, week: { isPublished: true } });
    const lessons = bodyOf(await h.call('GET', '/student/lessons', { token: student.token }), lessonsResponseSchema);
    expect(lessons.weeks).toHaveLength(1);
    expect(lessons.weeks[0]).toMatchObject({ id: week.id, subjectName: 'HTML & CSS', weekNumber: 1, title: 'HTML basics', objectives: 'Semantic tags', capstone: { id: capstoneId, submission: null } });
    expect(lessons.weeks[0].tasks.map((t) => [t.dayNumber, t.title, t.submission])).toEqual([
      [1, 'Task five', null],
      [2, 'Task 1', null],
      [3, 'Task 2', null],
      [4, 'Task 3', null],
      [5, 'Task 4', null],
    ]);

    // Other weeks of the subject are not the student's current week.
    const week2 = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 2, title: 'CSS' } }), weekResponseSchema).week;
    await h.call('PUT', `/weeks/${week2.id}/published`, { token: teacher.token, body: { published: true } });
    expect(bodyOf(await h.call('GET', '/student/lessons', { token: student.token }), lessonsResponseSchema).weeks.map((x) => x.weekNumber)).toEqual([1]);

    const removed = await h.call('DELETE', `${w}/tasks/${ids[0]}`, { token: teacher.token });
    expect(bodyOf(removed, weekResponseSchema).week.tasks).toHaveLength(4);
    expect(bodyOf(await h.call('DELETE', `${w}/capstone`, { token: teacher.token }), weekResponseSchema).week.capstone).toBeNull();
    const unpublished = await h.call('PUT', `${w}/published`, { token: teacher.token, body: { published: false } });
    expect(bodyOf(unpublished, weekResponseSchema).week.isPublished).toBe(false);
    expect(bodyOf(await h.call('GET', '/student/lessons', { token: student.token }), lessonsResponseSchema).weeks).toEqual([]);

    const list = bodyOf(await h.call('GET', `/teacher/weeks?subjectId=${subject.id}`, { token: teacher.token }), weeksResponseSchema).weeks;
    expect(list.map((x) => [x.weekNumber, x.isPublished])).toEqual([
      [1, false],
      [2, true],
      [7, false],
    ]);
  });

  it("shows each of the program's subjects' published week by subject name, an empty week too, and only the ACTIVE enrollment's program", async () => {
    const p = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Data Science', type: 'daytime', description: 'Python to models' } }), programResponseSchema).program;
    const zeta = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'Zeta Statistics', programId: p.id } }), subjectResponseSchema).subject;
    const alpha = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'Alpha Python', programId: p.id } }), subjectResponseSchema).subject;
    const t = await h.account('teacher', 'Two Subjects');
    for (const sj of [zeta, alpha]) await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: t.userId, subjectId: sj.id } });
    const s = await h.account('student', 'Dee Student');
    // A pending enrollment in the first program must not be the one shown.
    const pending = bodyOf(await h.call('POST', '/enrollments', { token: admin(), body: { studentId: s.userId, programId: program.id, subjectId: subject.id } }), enrollmentResponseSchema).enrollment;
    expect(pending.status).toBe('pending');
    const enrollment = bodyOf(await h.call('POST', '/enrollments', { token: admin(), body: { studentId: s.userId, programId: p.id, subjectId: zeta.id } }), enrollmentResponseSchema).enrollment;
    await h.call('PUT', `/enrollments/${enrollment.id}/status`, { token: admin(), body: { status: 'active' } });
    const empty = bodyOf(await h.call('POST', '/weeks', { token: t.token, body: { subjectId: zeta.id, weekNumber: 1, title: 'Distributions' } }), weekResponseSchema).week;
    const full = bodyOf(await h.call('POST', '/weeks', { token: t.token, body: { subjectId: alpha.id, weekNumber: 1, title: 'Syntax' } }), weekResponseSchema).week;
    await h.call('POST', `/weeks/${full.id}/tasks`, { token: t.token, body: { dayNumber: 2, title: 'Loops' } });
    await h.call('POST', `/weeks/${full.id}/tasks`, { token: t.token, body: { dayNumber: 1, title: 'Variables' } });
    await h.call('PUT', `/weeks/${full.id}/capstone`, { token: t.token, body: { title: 'A CLI tool' } });
    for (const w of [empty, full]) await h.call('PUT', `/weeks/${w.id}/published`, { token: t.token, body: { published: true } });

    const body = bodyOf(await h.call('GET', '/student/lessons', { token: s.token }), lessonsResponseSchema);
    expect(body.enrollment).toMatchObject({ enrollmentId: enrollment.id, programName: 'Data Science', programType: 'daytime', currentWeek: 1 });
    expect(body.weeks.map((w) => [w.subjectName, w.title, w.tasks.map((x) => [x.dayNumber, x.title]), w.capstone?.title ?? null])).toEqual([
      ['Alpha Python', 'Syntax', [[1, 'Variables'], [2, 'Loops']], 'A CLI tool'],
      ['Zeta Statistics', 'Distributions', [], null],
    ]);
  });

  it('a student without an active enrollment gets no weeks and the enrollment null', async () => {
    const s = await h.account('student');
    expect(bodyOf(await h.call('GET', '/student/lessons', { token: s.token }), lessonsResponseSchema)).toEqual({ enrollment: null, weeks: [] });
  });

  it('answers bad bodies and queries with 400 and field messages and appends nothing', async () => {
    const week = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 20, title: 'Finale' } }), weekResponseSchema).week;
    const before = await weekEvents();
    const w = `/weeks/${week.id}`;
    const cases: [string, string, unknown, Record<string, string[]>][] = [
      ['POST', '/weeks', { subjectId: 'x', weekNumber: 21, title: ' ' }, { subjectId: ['Choose a subject'], weekNumber: ['Week number must be a whole number from 1 to 20'], title: ['Title is required'] }],
      ['POST', '/weeks', { subjectId: subject.id, weekNumber: 2.5, title: 'x' }, { weekNumber: ['Week number must be a whole number from 1 to 20'] }],
      ['PUT', w, { title: '' }, { title: ['Title is required'] }],
      ['PUT', `${w}/published`, { published: 'yes' }, { published: ['Choose published or draft'] }],
      ['POST', `${w}/tasks`, { dayNumber: 0, title: 'x', dueAt: 'soon' }, { dayNumber: ['Day must be a whole number from 1 to 5'], dueAt: ['Enter a valid due date and time'] }],
      ['PUT', `${w}/capstone`, { title: 'x'.repeat(201) }, { title: ['Title must be at most 200 characters'] }],
      ['GET', '/teacher/weeks?subjectId=nope', undefined, { subjectId: ['Choose a subject'] }],
    ];
    for (const [method, path, body, fields] of cases) {
      const res = await h.call(method, path, { token: teacher.token, body });
      expect([method, path, res.status, bodyOf(res, apiErrorSchema).fields]).toEqual([method, path, 400, fields]);
    }
    const unknown = await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: '00000000-0000-4000-8000-00000000abcd', weekNumber: 1, title: 'x' } });
    expect(unknown.status).toBe(404);
    expect(await weekEvents()).toBe(before);
  });

  it('two creates of the same week at once: one week, the other 409', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 12, title: 'Race' } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(bodyOf(await h.call('GET', `/teacher/weeks?subjectId=${subject.id}`, { token: teacher.token }), weeksResponseSchema).weeks.filter((x) => x.weekNumber === 12)).toHaveLength(1);
  });

  it('edits raced on the version both editors saw: one is written, the others are told the week changed and append nothing', async () => {
    const week = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 13, title: 'Seen' } }), weekResponseSchema).week;
    const before = await weekEvents();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => h.call('PUT', `/weeks/${week.id}`, { token: teacher.token, body: { title: `Edit ${i}`, expectedVersion: week.version } })),
    );
    expect(results.map((r) => [r.status, r.status === 409 ? bodyOf(r, messageResponseSchema).message : LEARNING_MESSAGES.weekUpdated]).sort()).toEqual([
      [200, LEARNING_MESSAGES.weekUpdated],
      ...Array.from({ length: 4 }, () => [409, LEARNING_MESSAGES.changedMeanwhile]),
    ]);
    expect(await weekEvents()).toBe(before + 1);
    const winner = bodyOf(results.find((r) => r.status === 200)!, weekResponseSchema).week;
    expect(bodyOf(await h.call('GET', `/weeks/${week.id}`, { token: teacher.token }), weekResponseSchema).week).toMatchObject({ title: winner.title, version: week.version + 1 });
  });
});
