// The CapstonePassed loop through the BUILT API and worker as deployed (run the build first): the
// worker's projections answer the commands, its reactor advances the week, its dispatcher mails the
// graded student over SMTP and its notifications projection fills the student's bell.
import { z } from 'zod';
import { auditEventsResponseSchema, auditWhyResponseSchema, completeProfileResponseSchema, enrollmentResponseSchema, GRADING_MESSAGES, lessonsResponseSchema, myEnrollmentResponseSchema, notificationsResponseSchema, programResponseSchema, sessionSchema, setupResponseSchema, subjectResponseSchema, submissionResponseSchema, teacherAssignmentResponseSchema, userResponseSchema, weekResponseSchema } from '@academy/contracts';
import { academyCliWith, bodyOf, startApi, startSmtpCatcher, untilValue, type RunningApi, type TestSmtpCatcher, apiCaller } from '@academy/testing';

// The log's master key, given to the API and to the CLI alike (the CLI reads the same log).
const MASTER_KEY = Buffer.alloc(32, 21).toString('base64');

describe('the CapstonePassed loop in the running API and worker', () => {
  let api: RunningApi;
  let smtp: TestSmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    api = await startApi({ withWorker: true, env: { PUBLIC_URL: 'http://academy.test', SMTP_URL: smtp.url, ACADEMY_MASTER_KEY: MASTER_KEY } });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await smtp?.stop();
  });

  async function call<S extends z.ZodType>(method: string, path: string, schema: S, token?: string, body?: unknown) {
    const res = await apiCaller(api.url)(method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return bodyOf(res, schema);
  }
  const signIn = async (email: string, password: string) => (await call('POST', '/auth/sign-in', sessionSchema, undefined, { email, password })).access_token;
  async function account(admin: string, role: 'teacher' | 'student' | 'auditor', fullName: string) {
    const email = `${role}-${Date.now()}@academy.test`;
    const { user } = await call('POST', '/users', userResponseSchema, admin, { fullName, email, role });
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(email)) && /Temporary password: /.test(m.text));
    const password = /Temporary password: (\S+)/.exec(mail.text)![1];
    const token = await signIn(email, password);
    // A student may call nothing else until the first-login profile is complete (ProfileGate).
    if (role === 'student') {
      const own = 'a passphrase of my own';
      await call('POST', '/profile/complete', completeProfileResponseSchema, token, { fullName, phone: '+27 11 000 0000', address: '1 Main Road', dateOfBirth: '2000-01-01', emergencyContactName: 'Kin', emergencyContactPhone: '+27 11 000 0001', password: own, confirmPassword: own });
    }
    return { id: user.id, email, token };
  }
  const until = <T>(read: () => Promise<T>, ok: (t: T) => boolean, what: string) => untilValue(read, ok, what, 15_000);

  it('a passed capstone opens week 2 once, and the student is told by mail and in the bell', async () => {
    const setup = await call('POST', '/setup', setupResponseSchema);
    const admin = await signIn(setup.email, setup.password);
    const teacher = await account(admin, 'teacher', 'Tendai Moyo');
    const student = await account(admin, 'student', 'Lerato Mokoena');
    const { program } = await call('POST', '/programs', programResponseSchema, admin, { name: 'Web Development', type: 'evening' });
    const { subject } = await call('POST', '/subjects', subjectResponseSchema, admin, { name: 'HTML & CSS', programId: program.id });
    await call('POST', '/teacher-assignments', teacherAssignmentResponseSchema, admin, { teacherId: teacher.id, subjectId: subject.id });
    const { enrollment } = await call('POST', '/enrollments', enrollmentResponseSchema, admin, { studentId: student.id, programId: program.id, subjectId: subject.id });
    await call('PUT', `/enrollments/${enrollment.id}/status`, enrollmentResponseSchema, admin, { status: 'active' });

    const { week } = await call('POST', '/weeks', weekResponseSchema, teacher.token, { subjectId: subject.id, weekNumber: 1, title: 'Intro' });
    const withCapstone = (await call('PUT', `/weeks/${week.id}/capstone`, weekResponseSchema, teacher.token, { title: 'Landing page' })).week;
    await call('PUT', `/weeks/${week.id}/published`, weekResponseSchema, teacher.token, { published: true });
    const lessons = await call('GET', '/student/lessons', lessonsResponseSchema, student.token);
    expect(lessons.weeks.map((w) => w.title)).toEqual(['Intro']);

    const { submission } = await call('POST', '/student/submissions', submissionResponseSchema, student.token, { kind: 'capstone', itemId: withCapstone.capstone?.id, githubUrl: 'https://github.com/lerato/landing' });
    for (const status of ['passed', 'failed', 'passed']) await call('POST', `/submissions/${submission.id}/grade`, submissionResponseSchema, teacher.token, { status, score: 80, feedback: `Graded ${status}` });

    const mine = await until(() => call('GET', '/student/enrollment', myEnrollmentResponseSchema, student.token), (r) => r.enrollment?.currentWeek === 2, 'week 2');
    expect(mine.enrollment?.currentWeek).toBe(2);
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.includes(student.email)) && m.subject === GRADING_MESSAGES.gradedMailSubject('Landing page'));
    expect(mail.text).toContain('http://academy.test/dashboard/student/grades');
    const bell = await until(() => call('GET', '/notifications', notificationsResponseSchema, student.token), (r) => r.notifications.length >= 3, 'three notices');
    expect(bell.notifications.map((n) => n.body)).toEqual(['Capstone "Landing page": Passed, Score: 80/100', 'Capstone "Landing page": Failed, Score: 80/100', 'Capstone "Landing page": Passed, Score: 80/100']);

    // Settled: still week 2 (one advance), and the lessons follow the week.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await call('GET', '/student/enrollment', myEnrollmentResponseSchema, student.token)).enrollment?.currentWeek).toBe(2);
    expect((await call('GET', '/student/lessons', lessonsResponseSchema, student.token)).enrollment?.currentWeek).toBe(2);

    // Why week 2? An auditor follows the reaction's causation id to CapstonePassed, and the grading
    // command that made it to the teacher's SubmissionGraded (issue 16).
    const auditor = await account(admin, 'auditor', 'Audrey Auditor');
    const why = await call('GET', `/audit/why/enrollment-week/${enrollment.id}`, auditWhyResponseSchema, auditor.token);
    expect(why.value).toBe('Week 2');
    expect(why.chain.map((s) => s.type)).toEqual(['EnrollmentWeekAdvanced', 'CapstonePassed', 'SubmissionGraded']);
    const graded = why.chain[2];
    expect(graded.metadata).toMatchObject({ actorId: teacher.id, actorRole: 'teacher' });
    // The FIRST passing grade caused it, not the later ones.
    expect(graded.position).toBeLessThan(why.chain[1].position);
    const grades = await call('GET', `/audit/events?type=SubmissionGraded&actor=${teacher.id}`, auditEventsResponseSchema, auditor.token);
    expect(grades.events.map((e) => e.position).sort((a, b) => a - b)[0]).toBe(graded.position);

    // The same chain from the CLI, over the same database. Asynchronous: a synchronous run blocks this
    // process past the API's keep-alive timeout, and the next request went out on a socket it had closed.
    const cli = await academyCliWith({ DATABASE_URL: api.db.url, ACADEMY_MASTER_KEY: MASTER_KEY }, 'audit', 'why', 'enrollment-week', enrollment.id);
    expect([cli.status, cli.stderr]).toEqual([0, '']);
    expect(cli.stdout.split('\n')[0]).toBe('Week 2');
    expect(cli.stdout).toMatch(new RegExp(`← SubmissionGraded #${graded.position} \\(work-[^)]+\\) by teacher ${teacher.id} at `));

    // Past weeks stay (issue 18 §1): week 2 first, then week 1, read-only, with its link, feedback and score.
    const next = (await call('POST', '/weeks', weekResponseSchema, teacher.token, { subjectId: subject.id, weekNumber: 2, title: 'Layouts' })).week;
    await call('PUT', `/weeks/${next.id}/published`, weekResponseSchema, teacher.token, { published: true });
    const later = await until(() => call('GET', '/student/lessons', lessonsResponseSchema, student.token), (r) => r.weeks.length === 2, 'both weeks');
    expect(later.weeks.map((w) => [w.weekNumber, w.title, w.past])).toEqual([
      [2, 'Layouts', false],
      [1, 'Intro', true],
    ]);
    expect(later.weeks[1].capstone?.submission).toMatchObject({ githubUrl: 'https://github.com/lerato/landing', gradeStatus: 'passed', score: 80, feedback: 'Graded passed', canResubmit: false });
  });
});
