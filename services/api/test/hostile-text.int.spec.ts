// Issue 13, defects 1 and 2, over real HTTP, Postgres and Redis (see modules-harness.ts): a NUL, a lone
// surrogate or a control character in any text field is a 400 with a field message, nothing is
// appended, and every projection keeps running. Bodies are sent as raw JSON text, the way curl sends
// them: "\u0000" and "\ud800" are JSON escapes that JSON.parse turns into the characters.
import { type Week, apiErrorSchema, enrollmentResponseSchema, type Program, programResponseSchema, programsResponseSchema, type Subject, subjectResponseSchema, submissionResponseSchema, UNSTORABLE_TEXT_MESSAGE, weekResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Account, type Harness, startHarness } from './modules-harness.js';

let h: Harness;
let teacher: Account;
let student: Account;
let program: Program;
let subject: Subject;
let week: Week;
let submissionId: string;

const NUL = '\\u0000';
const LONE = '\\ud800';
const BAD = [
  ['NUL', `a${NUL}b`],
  ['a lone high surrogate', `x${LONE}y`],
  ['a lone low surrogate', 'x\\udc00'],
  ['a control character', 'bell\\u0007'],
] as const;

/** POST/PUT a raw JSON text (escapes kept as written). */
async function raw(method: string, path: string, json: string, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${h.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.13.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: json,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** `fields` with `bad` spliced in as a raw JSON string value at `field`. */
function withBad(fields: Record<string, unknown>, field: string, bad: string): string {
  const json = JSON.stringify({ ...fields, [field]: '@@BAD@@' });
  return json.replace('"@@BAD@@"', `"${bad}"`);
}

async function expectRefused(method: string, path: string, token: string | undefined, fields: Record<string, unknown>, field: string) {
  for (const [what, bad] of BAD) {
    const before = await h.head();
    const res = await raw(method, path, withBad(fields, field, bad), token);
    expect({ what, status: res.status, fields: bodyOf(res, apiErrorSchema).fields }).toEqual({ what, status: 400, fields: { [field]: [UNSTORABLE_TEXT_MESSAGE] } });
    expect(await h.head()).toBe(before);
  }
}

beforeAll(async () => {
  h = await startHarness('hostile-text');
  teacher = await h.account('teacher', 'Tess Teacher');
  student = await h.account('student', 'Ada Student');
  const admin = h.admin.token;
  program = bodyOf(await h.call('POST', '/programs', { token: admin, body: { name: 'Web Development', type: 'evening' } }), programResponseSchema).program;
  subject = bodyOf(await h.call('POST', '/subjects', { token: admin, body: { name: 'HTML & CSS', programId: program.id } }), subjectResponseSchema).subject;
  await h.call('POST', '/teacher-assignments', { token: admin, body: { teacherId: teacher.userId, subjectId: subject.id } });
  const enrollment = bodyOf(await h.call('POST', '/enrollments', { token: admin, body: { studentId: student.userId, programId: program.id, subjectId: subject.id } }), enrollmentResponseSchema).enrollment;
  await h.call('PUT', `/enrollments/${enrollment.id}/status`, { token: admin, body: { status: 'active' } });
  week = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 1, title: 'Intro' } }), weekResponseSchema).week;
  week = bodyOf(await h.call('POST', `/weeks/${week.id}/tasks`, { token: teacher.token, body: { dayNumber: 1, title: 'Task 1' } }), weekResponseSchema).week;
  week = bodyOf(await h.call('PUT', `/weeks/${week.id}/capstone`, { token: teacher.token, body: { title: 'Capstone 1' } }), weekResponseSchema).week;
  await h.call('PUT', `/weeks/${week.id}/published`, { token: teacher.token, body: { published: true } });
  const submitted = await h.call('POST', '/student/submissions', { token: student.token, body: { kind: 'task', itemId: week.tasks[0].id, githubUrl: 'https://github.com/ada/t1' } });
  expect(submitted.status).toBe(201);
  submissionId = bodyOf(submitted, submissionResponseSchema).submission.id;
}, 90_000);
afterAll(async () => h?.stop());

describe('one text rule at the boundary (400 with a field message, nothing appended)', () => {
  it('refuses a quick contact whose name has a NUL (anonymous visitors)', async () => {
    await expectRefused('POST', '/public/quick-contacts', undefined, { name: 'x', email: 'x@example.com', message: 'hi' }, 'name');
    await expectRefused('POST', '/public/quick-contacts', undefined, { name: 'Ada', email: 'x@example.com', message: 'hi' }, 'message');
  });

  it('refuses a profile completion whose full name has a NUL', async () => {
    const fresh = await h.account('student', 'Fresh Student');
    const profile = { fullName: 'x', phone: '+27 82 123 4567', address: '1 Long St', dateOfBirth: '2000-01-01', emergencyContactName: 'Mom', emergencyContactPhone: '+27 82 765 4321', password: 'a-New-passw0rd!', confirmPassword: 'a-New-passw0rd!' };
    await expectRefused('POST', '/profile/complete', fresh.token, profile, 'fullName');
    await expectRefused('POST', '/profile/complete', fresh.token, { ...profile, fullName: 'Fresh Student' }, 'address');
  });

  it("refuses a grade whose feedback has a NUL", async () => {
    await expectRefused('POST', `/submissions/${submissionId}/grade`, teacher.token, { status: 'passed', score: 80, feedback: 'x' }, 'feedback');
  });

  it('refuses such text in programs, subjects, weeks, tasks and capstones (was a 500 from the append)', async () => {
    const admin = h.admin.token;
    await expectRefused('POST', '/programs', admin, { name: 'x', type: 'evening' }, 'name');
    await expectRefused('PUT', `/programs/${program.id}`, admin, { name: 'Web Development', type: 'evening', description: 'x' }, 'description');
    await expectRefused('POST', '/subjects', admin, { name: 'x', programId: program.id }, 'name');
    await expectRefused('PUT', `/subjects/${subject.id}`, admin, { name: 'HTML & CSS', programId: program.id, description: 'x' }, 'description');
    await expectRefused('POST', '/weeks', teacher.token, { subjectId: subject.id, weekNumber: 2, title: 'x' }, 'title');
    await expectRefused('PUT', `/weeks/${week.id}`, teacher.token, { title: 'Intro', objectives: 'x' }, 'objectives');
    await expectRefused('POST', `/weeks/${week.id}/tasks`, teacher.token, { dayNumber: 2, title: 'x' }, 'title');
    await expectRefused('PUT', `/weeks/${week.id}/tasks/${week.tasks[0].id}`, teacher.token, { dayNumber: 1, title: 'Task 1', instructions: 'x' }, 'instructions');
    await expectRefused('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'x' }, 'title');
    await expectRefused('PUT', `/weeks/${week.id}/capstone`, teacher.token, { title: 'Capstone 1', description: 'x' }, 'description');
  });

  it('checks every string and key of any request, also where the schema would drop or not read it', async () => {
    const before = await h.head();
    // An unknown field (zod would strip it), a bad key, a prototype key, and the query string.
    const extra = await raw('POST', '/programs', `{"name":"P","notes":"a${NUL}"}`, h.admin.token);
    expect(extra).toMatchObject({ status: 400, body: { fields: { notes: [UNSTORABLE_TEXT_MESSAGE] } } });
    const key = await raw('POST', '/programs', `{"name":"P","k${NUL}":1}`, h.admin.token);
    expect(key.status).toBe(400);
    const proto = await raw('POST', '/programs', '{"name":"P","__proto__":{"role":"admin"}}', h.admin.token);
    expect(proto).toMatchObject({ status: 400, body: { fields: { ['__proto__']: ['This field name is not allowed'] } } });
    const query = await h.call('GET', `/admissions/prospects?q=a%00b`, { token: h.admin.token });
    expect(query).toMatchObject({ status: 400, body: { fields: { q: [UNSTORABLE_TEXT_MESSAGE] } } });
    expect(await h.head()).toBe(before);
  });

  it('keeps tab, newline and CRLF (textareas send them) and whole emoji', async () => {
    const res = await raw('POST', '/programs', '{"name":"Emoji \\ud83d\\ude00","description":"line one\\r\\nline two\\tend"}', h.admin.token);
    expect(res.status).toBe(201);
    expect(bodyOf(res, programResponseSchema).program).toMatchObject({ name: 'Emoji 😀', description: 'line one\r\nline two\tend' });
  });

  it('keeps every projection running afterwards (no poisoned log), and new work goes through', async () => {
    await h.projectionsCaughtUp();
    const created = await h.call('POST', '/programs', { token: h.admin.token, body: { name: 'After the storm' } });
    expect(created.status).toBe(201);
    const list = await h.call('GET', '/programs', { token: h.admin.token, minPosition: created.position });
    expect(bodyOf(list, programsResponseSchema).programs.map((p) => p.name)).toContain('After the storm');
    await h.projectionsCaughtUp();
  });
});
