// The pin of a submission whose git host was down (issue 30 §1, ADR 0039), in the BUILT API and worker
// against a real git host (`git http-backend`): the host is stopped, the student submits (accepted,
// "commit not pinned yet"), the host comes back, and the worker's BullMQ job, retried with backoff
// (SUBMISSION_PIN_RETRY_MS), pins the commit: SubmissionCommitPinned in the log, caused by the
// submission, and the pin on the submission's screens.
import { GRADING_EVENTS, submissionDetailResponseSchema, submissionResponseSchema } from '@academy/contracts';
import { apiJson, type RunningApi, seedTeachingWorld, startApi, startGitServer, startSmtpCatcher, type TeachingWorld, type TestGitServer, type TestSmtpCatcher, untilValue } from '@academy/testing';

let api: RunningApi;
let git: TestGitServer;
let smtp: TestSmtpCatcher;
let world: TeachingWorld;

beforeAll(async () => {
  [git, smtp] = await Promise.all([startGitServer(), startSmtpCatcher()]);
  api = await startApi({ withWorker: true, env: { SMTP_URL: smtp.url, OUTGOING_TEST_HOSTS: git.routeFor('github.com'), SUBMISSION_PIN_RETRY_MS: '200' } });
  world = await seedTeachingWorld(api.url, smtp);
}, 90_000);
afterAll(async () => {
  await api?.stop();
  await git?.close();
  await smtp?.stop();
});

it('pins the commit once the host is back: the submission was accepted meanwhile, pending', async () => {
  const call = apiJson(api.url);
  const repo = await git.createRepo('lerato', 'semantic-skeleton');
  await git.stop();
  let submissionId: string;
  try {
    const { submission } = await call(submissionResponseSchema, 'POST', '/student/submissions', { token: world.student.token, body: { kind: 'task', itemId: world.taskIds[0], githubUrl: 'https://github.com/lerato/semantic-skeleton' } });
    expect(submission.pin).toEqual({ state: 'pending', sha: null, pinnedAt: null });
    submissionId = submission.id;
  } finally {
    await git.start();
  }
  const sha = await repo.head();
  const seen = await untilValue(
    async () => (await call(submissionDetailResponseSchema, 'GET', `/submissions/${submissionId}`, { token: world.teacher.token })).submission.pin,
    (pin) => pin?.state === 'pinned',
    `the pin settled by the worker\n${api.output()}`,
    30_000,
  );
  expect(seen).toMatchObject({ state: 'pinned', sha });
  const rows = await api.db.pool.query<{ type: string; data: { sha?: string; submissionId: string }; metadata: { actorRole: string; causationId: string } }>(
    `SELECT type, data, metadata FROM event_store.events WHERE stream_id = $1 ORDER BY position`,
    [`submission-pin-${submissionId}`],
  );
  expect(rows.rows.map((r) => [r.type, r.data.sha, r.metadata.actorRole])).toEqual([[GRADING_EVENTS.SubmissionCommitPinned, sha, 'system']]);
  const submitted = await api.db.pool.query<{ id: string }>(`SELECT event_id AS id FROM event_store.events WHERE type = 'WorkSubmitted' AND data->>'submissionId' = $1`, [submissionId]);
  expect(rows.rows[0]!.metadata.causationId).toBe(submitted.rows[0]!.id);
  // The student's own view carries it too.
  expect((await call(submissionDetailResponseSchema, 'GET', `/submissions/${submissionId}`, { token: world.student.token })).submission.pin).toEqual(seen);
});
