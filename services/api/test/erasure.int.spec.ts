// Complete erasure (issue 13, defect 8; ADR 0014) through the built API and worker as deployed, over
// real Postgres, Redis and an SMTP catcher. Two people leave traces everywhere first:
// - A applies (application) and writes a quick-contact message, is converted to a student, completes
//   their profile (phone, address, emergency contact), is enrolled, submits work with notes that the
//   teacher is told about (a bell notice naming A) and grades with feedback;
// - B applies and writes a quick-contact message (an applicant only).
// Then an admin deletes A's account and a student admin erases B's application and message. After that
// none of their email, names, phones, address, free text nor the unsalted sha256 of their email is found
// in any table of any schema (row_to_json of every row: a pg_dump equivalent, the event log and its
// stream ids included), nor in any answer staff get from the API; the bell shows them as erased. Before
// the erasure the same search finds them, so the search is shown to look in the right places. The
// email lookups left in the log are keyed HMACs that only the master key can recompute. Finally the
// built CLI's `audit replay` rebuilds every projection from the log (where the keys are shredded) and
// finds the live tables identical: the live erasure and a replay end the same, notices included.
import { z } from 'zod';
import { completeProfileResponseSchema, convertProspectResponseSchema, enrollmentResponseSchema, meResponseSchema, messageResponseSchema, programResponseSchema, type Prospect, prospectsResponseSchema, sessionSchema, setupResponseSchema, subjectResponseSchema, submissionResponseSchema, teacherAssignmentResponseSchema, userResponseSchema, weekResponseSchema } from '@academy/contracts';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { EmailLookup } from '@academy/event-store';
import { bodyOf, repoRoot, WORKER_PROJECTIONS, type RunningApi, startApi, startSmtpCatcher, type TestSmtpCatcher, until } from '@academy/testing';

const MASTER_KEY = Buffer.alloc(32, 13);
const stamp = Date.now().toString(36);
const A = {
  firstName: 'Qhawekazi',
  lastName: `Ntshangase${stamp}`,
  email: `qhawekazi.${stamp}@example.org`,
  phone: '+27 82 987 6543',
  message: `Qhawekazi asks about evening classes ${stamp}`,
  quickContact: `Qhawekazi quick question ${stamp}`,
  profilePhone: '+27 83 111 2299',
  address: `17 Jacaranda Street ${stamp}, Soweto`,
  emergencyName: `Lwazi Emergencycontact${stamp}`,
  emergencyPhone: '+27 84 333 4477',
  notes: `Qhawekazi private notes ${stamp}`,
  feedback: `Feedback for Qhawekazi ${stamp}`,
};
const B = {
  firstName: 'Mpumelelo',
  lastName: `Khanyile${stamp}`,
  email: `mpumelelo.${stamp}@example.net`,
  phone: '+27 72 555 6161',
  message: `Mpumelelo wants daytime classes ${stamp}`,
  quickContact: `Mpumelelo quick question ${stamp}`,
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Everything that identifies each person, lower-cased (the search is case-insensitive). */
const tracesOf = (p: typeof A | typeof B) =>
  [...Object.values(p), sha256(p.email), sha256(p.email.toLowerCase()), `${p.firstName} ${p.lastName}`].map((s) => s.toLowerCase());

describe('complete erasure in the running API', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  let admin = '';
  let studentAdmin = '';
  let teacher = '';
  let studentId = '';
  let subjectId = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    api = await startApi({ withWorker: true, env: { SMTP_URL: smtp.url, ACADEMY_MASTER_KEY: MASTER_KEY.toString('base64'), PUBLIC_URL: 'http://academy.test' } });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await smtp?.stop();
  });

  async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: unknown; text: string }> {
    const res = await fetch(`${api.url}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* the CSV export */
    }
    return { status: res.status, body: json, text };
  }
  const ok = async <S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown, token?: string) => {
    const res = await call(method, path, body, token);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return bodyOf(res, schema);
  };
  async function signIn(email: string, password: string) {
    return (await ok('POST', '/auth/sign-in', sessionSchema, { email, password })).access_token;
  }
  async function temporaryPassword(email: string) {
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text), 20_000);
    return /Temporary password: (\S+)/.exec(mail.text)![1];
  }
  async function staffAccount(role: 'teacher' | 'student_admin', fullName: string) {
    const email = `${role}.${stamp}@academy.test`;
    await ok('POST', '/users', userResponseSchema, { fullName, email, role }, admin);
    return signIn(email, await temporaryPassword(email));
  }

  /** The text of every row of every table in every schema: what a pg_dump of the data would hold. */
  async function databaseText(): Promise<string> {
    const { rows: tables } = await api.db.pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual(expect.arrayContaining(['event_store.events', 'event_store.subject_keys', 'public.sent_mail', 'notifications__v2.inbox', 'identity_users__v2.users']));
    const parts: string[] = [];
    for (const t of tables) {
      const id = `"${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`;
      const { rows } = await api.db.pool.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM ${id} t`);
      parts.push(`${id}\n${rows.map((r) => r.j).join('\n')}`);
    }
    return parts.join('\n').toLowerCase();
  }

  /** Every answer staff (admin, student admin, teacher) see about people, applicants and work. */
  async function staffAnswers(): Promise<string> {
    const reads: [string, string][] = [
      [admin, '/users'],
      [admin, '/students'],
      [admin, '/admissions/prospects?kind=application'],
      [admin, '/admissions/prospects?kind=quick_contact'],
      [admin, '/notifications?limit=100'],
      [admin, '/enrollments'],
      [admin, '/teacher-assignments'],
      [admin, '/teacher/submissions'],
      [admin, `/subjects/${subjectId}/grades.csv`],
      [studentAdmin, '/students'],
      [studentAdmin, '/admissions/prospects?kind=application'],
      [studentAdmin, '/admissions/prospects?kind=quick_contact'],
      [studentAdmin, '/notifications?limit=100'],
      [teacher, '/notifications?limit=100'],
      [teacher, '/teacher/submissions'],
      [teacher, '/teacher/dashboard'],
      [teacher, `/subjects/${subjectId}/grades.csv`],
    ];
    const texts = await Promise.all(
      reads.map(async ([token, path]) => {
        const res = await call('GET', path, undefined, token);
        expect([path, res.status]).toEqual([path, 200]);
        return `${path}: ${res.text}`;
      }),
    );
    return texts.join('\n').toLowerCase();
  }
  const found = (text: string, person: typeof A | typeof B) => tracesOf(person).filter((t) => text.includes(t));

  /** Every projection, reactor and the dispatcher has handled the whole log (and what they appended). */
  async function settled(): Promise<void> {
    await until(async () => {
      const { rows } = await api.db.pool.query<{ behind: number }>(
        `SELECT count(*)::int AS behind FROM (
           SELECT position FROM projections.checkpoints WHERE status = 'live' UNION ALL SELECT position FROM projections.consumer_checkpoints
         ) c WHERE c.position < (SELECT coalesce(max(position), 0) FROM event_store.events)`,
      );
      // Every projection of the worker registered, not only those registered so far.
      const registered = (await api.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM projections.checkpoints WHERE status = 'live'`)).rows[0].n;
      return rows[0].behind === 0 && registered === WORKER_PROJECTIONS.length;
    }, 'every projection and reactor at the head of the log', 30_000);
  }

  it('A and B leave their data in the log, the read models and the staff screens', async () => {
    const setup = await ok('POST', '/setup', setupResponseSchema);
    admin = await signIn(setup.email, setup.password);
    studentAdmin = await staffAccount('student_admin', 'Nomsa Dlamini');
    teacher = await staffAccount('teacher', 'Tess Teacher');
    const program = (await ok('POST', '/programs', programResponseSchema, { name: 'Web Development', type: 'evening' }, admin)).program;
    subjectId = (await ok('POST', '/subjects', subjectResponseSchema, { name: 'HTML & CSS', programId: program.id }, admin)).subject.id;
    await ok('POST', '/teacher-assignments', teacherAssignmentResponseSchema, { teacherId: (await ok('GET', '/auth/me', meResponseSchema, undefined, teacher)).id, subjectId }, admin);

    // A applies and writes a message; staff convert the application; A completes the profile.
    await ok('POST', '/public/applications', messageResponseSchema, { firstName: A.firstName, lastName: A.lastName, email: A.email, phone: A.phone, course: 'Web Development', message: A.message });
    await ok('POST', '/public/quick-contacts', messageResponseSchema, { name: `${A.firstName} ${A.lastName}`, email: A.email.toUpperCase(), message: A.quickContact });
    await ok('POST', '/public/applications', messageResponseSchema, { firstName: B.firstName, lastName: B.lastName, email: B.email, phone: B.phone, course: 'IT Support', message: B.message });
    await ok('POST', '/public/quick-contacts', messageResponseSchema, { name: `${B.firstName} ${B.lastName}`, email: B.email, message: B.quickContact });
    let applications: Prospect[] = [];
    await until(async () => {
      applications = (await ok('GET', '/admissions/prospects?kind=application', prospectsResponseSchema, undefined, studentAdmin)).prospects;
      return applications.length === 2;
    }, 'both applications listed', 30_000);
    const converted = await ok('POST', `/admissions/prospects/${applications.find((p) => p.email === A.email)?.id}/convert`, convertProspectResponseSchema, {}, studentAdmin);
    studentId = converted.studentId;
    let student = await signIn(A.email, await temporaryPassword(A.email));
    const newPassword = `a long enough passphrase ${stamp}`;
    await ok(
      'POST',
      '/profile/complete', completeProfileResponseSchema,
      {
        fullName: `${A.firstName} ${A.lastName}`,
        phone: A.profilePhone,
        address: A.address,
        dateOfBirth: '2001-04-05',
        emergencyContactName: A.emergencyName,
        emergencyContactPhone: A.emergencyPhone,
        password: newPassword,
        confirmPassword: newPassword,
      },
      student,
    );
    student = await signIn(A.email, newPassword);

    // A studies: enrolled, submits work with notes (the teacher's bell names A), is graded with feedback.
    const enrollment = (await ok('POST', '/enrollments', enrollmentResponseSchema, { studentId, programId: program.id, subjectId }, admin)).enrollment;
    await ok('PUT', `/enrollments/${enrollment.id}/status`, enrollmentResponseSchema, { status: 'active' }, admin);
    const week = (await ok('POST', '/weeks', weekResponseSchema, { subjectId, weekNumber: 1, title: 'Week 1' }, teacher)).week;
    await ok('POST', `/weeks/${week.id}/tasks`, weekResponseSchema, { dayNumber: 1, title: 'Forms' }, teacher);
    await ok('PUT', `/weeks/${week.id}/published`, weekResponseSchema, { published: true }, teacher);
    const taskId = (await ok('GET', `/weeks/${week.id}`, weekResponseSchema, undefined, teacher)).week.tasks[0].id;
    const submission = (await ok('POST', '/student/submissions', submissionResponseSchema, { kind: 'task', itemId: taskId, githubUrl: 'https://github.com/qhawe/forms', notes: A.notes }, student)).submission;
    await ok('POST', `/submissions/${submission.id}/grade`, submissionResponseSchema, { status: 'passed', score: 90, feedback: A.feedback, expectedVersion: submission.version }, teacher);

    // Every screen shows them now, and the bell names them (staff: the applications; teacher: the submission).
    await until(async () => (await staffAnswers()).includes(`${A.firstName} ${A.lastName} submitted`.toLowerCase()), "the teacher's notice naming A", 30_000);
    await settled();
    const answers = await staffAnswers();
    expect(answers).toContain(`${A.firstName} ${A.lastName} applied for Web Development.`.toLowerCase());
    expect(answers).toContain(A.profilePhone);
    expect(answers).toContain(B.email);
    const before = await databaseText();
    expect(found(before, A)).toEqual(expect.arrayContaining([A.email, A.address.toLowerCase(), A.profilePhone, A.emergencyPhone]));
    expect(found(before, B)).toEqual(expect.arrayContaining([B.email, B.phone, B.message.toLowerCase()]));
    // The reservation and lookup streams are named by the keyed HMAC, never by a plain hash.
    const lookup = new EmailLookup(MASTER_KEY);
    expect(before).toContain(`email-${lookup.of(A.email)}`);
    expect(before).toContain(`applicant-email-${lookup.of(B.email)}`);
    expect(before).not.toContain(sha256(A.email));
    expect(before).not.toContain(sha256(B.email));
  }, 180_000);

  it('after an admin deletes A and a student admin erases B, nothing of either is found anywhere', async () => {
    // A: deleting the account also erases the application and message sent with A's address.
    expect((await call('DELETE', `/users/${studentId}`, undefined, admin)).status).toBe(200);
    // B: Erase applicant on both of B's prospects.
    for (const kind of ['application', 'quick_contact']) {
      const mine = (await ok('GET', `/admissions/prospects?kind=${kind}`, prospectsResponseSchema, undefined, studentAdmin)).prospects.filter((p) => p.email === B.email);
      expect(mine).toHaveLength(1);
      expect(await call('POST', `/admissions/prospects/${mine[0].id}/erase`, undefined, studentAdmin)).toMatchObject({ status: 200, body: { message: 'Applicant erased' } });
      // Once erased, a second erase and every pipeline step are refused.
      expect(await call('POST', `/admissions/prospects/${mine[0].id}/erase`, undefined, admin)).toMatchObject({ status: 409, body: { message: 'This applicant has been erased.' } });
      expect((await call('POST', `/admissions/prospects/${mine[0].id}/decline`, {}, admin)).status).toBe(409);
    }
    // The answer to the erase came after the lists and the bell changed; A's reaction runs in the worker.
    await until(async () => found(await staffAnswers(), A).length === 0, "A gone from the staff's answers", 30_000);

    await settled();
    const answers = await staffAnswers();
    expect(found(answers, A)).toEqual([]);
    expect(found(answers, B)).toEqual([]);
    // The notices stay, showing each person as erased.
    expect(answers).toContain('an erased student submitted task \\"forms\\"');
    expect(answers).toContain('an erased applicant applied for web development.');
    expect(answers).toContain('an erased applicant applied for it support.');
    expect(answers).toContain('an erased applicant sent a message.');

    const dump = await databaseText();
    expect(found(dump, A)).toEqual([]);
    expect(found(dump, B)).toEqual([]);
    // What stays of them in the log: ids, facts and the keyed lookups, which need the master key to test.
    const { rows } = await api.db.pool.query<{ type: string; n: number }>(
      "SELECT type, count(*)::int AS n FROM event_store.events WHERE type IN ('ApplicantErased', 'ProspectEmailUnlinked', 'EmailReleased') GROUP BY type ORDER BY type",
    );
    expect(rows).toEqual([
      { type: 'ApplicantErased', n: 4 },
      { type: 'EmailReleased', n: 1 },
      { type: 'ProspectEmailUnlinked', n: 4 },
    ]);
    const lookup = new EmailLookup(MASTER_KEY);
    expect(dump).toContain(lookup.of(A.email));
    expect(dump).not.toContain(new EmailLookup(Buffer.alloc(32, 14)).of(A.email));
  }, 120_000);

  it('a replay of the log rebuilds exactly the live read models, and the hash chain still verifies', async () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(repoRoot, 'services/worker/dist/cli/academy.js'), ...args], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: api.db.url, ACADEMY_MASTER_KEY: MASTER_KEY.toString('base64') },
        timeout: 120_000,
      });
    // stderr carries only the CLI's progress lines ("verify: n/m events (p %), ETA …", "replay
    // identity_users (1/8): n/m events (p %), ETA …"), no error.
    const errors = (stderr: string) => stderr.split('\n').filter((l) => l.trim() && !/^\w+( \w+ \(\d+\/\d+\))?: \d+\/\d+ events \(\d+ %\), ETA /.test(l));
    const verify = cli('audit', 'verify');
    expect([verify.status, errors(verify.stderr)]).toEqual([0, []]);
    const replay = cli('audit', 'replay');
    expect([replay.status, errors(replay.stderr)]).toEqual([0, []]);
    expect(replay.stdout).not.toMatch(/differ/i);
  }, 300_000);
});
