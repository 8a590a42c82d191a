// Submissions pinned to a commit (issue 30 §1, ADR 0039) over real HTTP, Postgres and Redis, against a
// real git host (`git http-backend`, libs/testing) that github.com is routed to by the test-only
// setting: the submit reads the default branch's commit and records it; a later push changes nothing
// the teacher sees; a resubmission pins the new commit; a missing, private or empty repository is
// refused on the URL field with nothing stored; a host outside SUBMISSION_GIT_HOSTS is refused before
// any call; a host that is down or slow leaves the pin pending (accepted within the 3 s the submit
// may wait). The retry job that settles a pending pin runs in the built worker (submission-pin-job.int.spec.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrorSchema, GRADING_EVENTS, GRADING_MESSAGES, type Program, programResponseSchema, subjectResponseSchema, submissionDetailResponseSchema, submissionResponseSchema, weekResponseSchema, enrollmentResponseSchema, type WorkSubmittedData } from '@academy/contracts';
import { bodyOf, startGitServer, type TestGitRepo, type TestGitServer } from '@academy/testing';
import { type Account, type Answer, type Harness, startHarness } from './modules-harness.js';

let h: Harness;
let git: TestGitServer;
let silent: http.Server;
let student: Account;
let teacher: Account;
let tasks: string[];
let program: Program;

const admin = () => h.admin.token;
const submit = (itemId: string, githubUrl: string, s: Account = student) => h.call('POST', '/student/submissions', { token: s.token, body: { kind: 'task', itemId, githubUrl } });
const submissionOf = (answer: Answer) => bodyOf(answer, submissionResponseSchema).submission;
const fieldsOf = (answer: Answer) => bodyOf(answer, apiErrorSchema).fields;
const workEvents = async () => (await h.store.readAll(0, 1_000_000)).filter((e) => e.type === GRADING_EVENTS.WorkSubmitted);
const submittedData = async (submissionId: string) => (await workEvents()).map((e) => e.data as WorkSubmittedData).find((d) => d.submissionId === submissionId);

beforeAll(async () => {
  git = await startGitServer();
  // A host that takes the connection and never answers: the submit must not wait on it past 3 s.
  silent = http.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const slowPort = (silent.address() as AddressInfo).port;
  h = await startHarness('submission_pins', {
    env: { SUBMISSION_GIT_HOSTS: 'github.com,slow.test', OUTGOING_TEST_HOSTS: `${git.routeFor('github.com')},slow.test=127.0.0.1:${slowPort}` },
  });
  student = await h.account('student', 'Ada Student');
  teacher = await h.account('teacher', 'Tess Teacher');
  program = bodyOf(await h.call('POST', '/programs', { token: admin(), body: { name: 'Web Development', type: 'evening' } }), programResponseSchema).program;
  const subject = bodyOf(await h.call('POST', '/subjects', { token: admin(), body: { name: 'HTML & CSS', programId: program.id } }), subjectResponseSchema).subject;
  await h.call('POST', '/teacher-assignments', { token: admin(), body: { teacherId: teacher.userId, subjectId: subject.id } });
  const enrollment = bodyOf(await h.call('POST', '/enrollments', { token: admin(), body: { studentId: student.userId, programId: program.id, subjectId: subject.id } }), enrollmentResponseSchema).enrollment;
  await h.call('PUT', `/enrollments/${enrollment.id}/status`, { token: admin(), body: { status: 'active' } });
  const { week } = bodyOf(await h.call('POST', '/weeks', { token: teacher.token, body: { subjectId: subject.id, weekNumber: 1, title: 'Week 1' } }), weekResponseSchema);
  for (let day = 1; day <= 5; day++) await h.call('POST', `/weeks/${week.id}/tasks`, { token: teacher.token, body: { dayNumber: day, title: `Task ${day}` } });
  await h.call('PUT', `/weeks/${week.id}/published`, { token: teacher.token, body: { published: true } });
  tasks = bodyOf(await h.call('GET', `/weeks/${week.id}`, { token: teacher.token }), weekResponseSchema).week.tasks.map((t) => t.id);
}, 90_000);
afterAll(async () => {
  await h?.stop();
  await git?.close();
  silent?.closeAllConnections();
  silent?.close();
});

describe('a submission pinned to its commit', () => {
  let repo: TestGitRepo;

  it('records the default branch\'s commit and when it was read, in the event and on every screen', async () => {
    repo = await git.createRepo('ada', 'landing-page');
    const first = await repo.head();
    const before = Date.now();
    const answer = await submit(tasks[0]!, 'https://github.com/ada/landing-page');
    expect(answer.status).toBe(201);
    const submission = submissionOf(answer);
    expect(submission.pin).toMatchObject({ state: 'pinned', sha: first });
    expect(Date.parse(submission.pin!.pinnedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await submittedData(submission.id))?.commit).toEqual({ sha: first, readAt: submission.pin!.pinnedAt });

    // The student pushes on: the teacher still sees the commit that was submitted.
    expect(await repo.push('after the deadline')).not.toBe(first);
    const seen = bodyOf(await h.call('GET', `/submissions/${submission.id}`, { token: teacher.token }), submissionDetailResponseSchema).submission;
    expect(seen.pin).toEqual(submission.pin);
  });

  it('pins the new commit on a resubmission; the attempts carry both, for the comparison', async () => {
    const [first] = (await workEvents()).map((e) => e.data as WorkSubmittedData).filter((d) => d.itemId === tasks[0]);
    expect((await h.call('POST', `/submissions/${first!.submissionId}/grade`, { token: teacher.token, body: { status: 'needs_revision', score: 40, feedback: 'Tests, please.' } })).status).toBe(200);
    const again = submissionOf(await submit(tasks[0]!, 'https://github.com/ada/landing-page'));
    expect(again.pin).toMatchObject({ state: 'pinned', sha: await repo.head() });
    const { attempts } = bodyOf(await h.call('GET', `/submissions/${again.id}`, { token: student.token }), submissionDetailResponseSchema);
    expect(attempts.map((a) => a.pin?.sha)).toEqual([first!.commit!.sha, await repo.head()]);
  });
});

describe('a repository the student must fix', () => {
  it.each([
    ['missing', 'https://github.com/ada/no-such-repo', GRADING_MESSAGES.repositoryUnreadable],
    ['empty', 'https://github.com/ada/empty-one', GRADING_MESSAGES.repositoryEmpty],
    ['on a host not allowed', 'https://gitlab.com/ada/landing-page', GRADING_MESSAGES.repositoryHost(['github.com', 'slow.test'])],
  ])('is refused on the URL field when %s, and nothing is stored', async (_what, url, message) => {
    await git.createRepo('ada', 'empty-one', { empty: true }).catch(() => undefined);
    const events = (await workEvents()).length;
    const answer = await submit(tasks[1]!, url);
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual({ githubUrl: [message] });
    expect((await workEvents()).length).toBe(events);
  });

  it('says the same of a private repository (the host asks for credentials, as GitHub does)', async () => {
    await git.createRepo('ada', 'private-one', { private: true });
    const answer = await submit(tasks[1]!, 'https://github.com/ada/private-one');
    expect([answer.status, fieldsOf(answer)]).toEqual([400, { githubUrl: [GRADING_MESSAGES.repositoryUnreadable] }]);
  });
});

describe('a host that does not answer', () => {
  it('accepts the submission with the pin pending when the host is down', async () => {
    await git.createRepo('ada', 'while-down');
    await git.stop();
    try {
      const submission = submissionOf(await submit(tasks[2]!, 'https://github.com/ada/while-down'));
      expect(submission.pin).toEqual({ state: 'pending', sha: null, pinnedAt: null });
      expect((await submittedData(submission.id))?.commit).toBeNull();
    } finally {
      await git.start();
    }
  });

  it('accepts the submission with the pin pending when the host is too slow (the submit waits at most 3 s on it)', async () => {
    const answer = await submit(tasks[3]!, 'https://slow.test/ada/slow-repo');
    expect(answer.status).toBe(201);
    expect(submissionOf(answer).pin).toEqual({ state: 'pending', sha: null, pinnedAt: null });
  });
});
