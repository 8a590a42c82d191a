// The retry job of a pending pin (ADR 0039), against a real log and a real git host: it fails (to be
// retried) while the host is away, pins the commit once it is back, gives up a day after the
// submission, settles each pin once however often it runs, and reads the address from the log
// (its data is ids only). BullMQ's retries of it run in the built worker (services/api/test/submission-pins.int.spec.ts).
import { randomUUID } from 'node:crypto';
import { GRADING_EVENTS, SubmissionCommitPinnedV1, SubmissionPinFailedV1, type WorkSubmittedData } from '@academy/contracts';
import type { StoredEvent } from '@academy/event-store';
import { startGitServer, type TestGitServer } from '@academy/testing';
import { logDatabase } from '@academy/testing/projection';
import { pinStream } from '../domain/pin.js';
import { MalformedPinJob, PIN_ATTEMPTS, PIN_GIVE_UP_MS, PinHostAway, pinRoutes, runPinJob } from './pin-commit.job.js';
import { SubmissionGitHosts } from './submission-git.js';

const t = logDatabase('pin_commit_job');
let git: TestGitServer;
let hosts: SubmissionGitHosts;
const SUBMITTED_AT = '2026-11-28T08:00:00.000Z';

beforeAll(async () => {
  git = await startGitServer();
  hosts = new SubmissionGitHosts({ SUBMISSION_GIT_HOSTS: ['github.com'], OUTGOING_TEST_HOSTS: new Map([['github.com', { address: '127.0.0.1', port: git.port }]]) });
});
afterAll(async () => git?.close());

/** A WorkSubmitted whose pin is pending, appended to the log; the job's data as the dispatcher makes it. */
async function pendingSubmission(repo: string): Promise<{ event: StoredEvent; data: unknown }> {
  const submissionId = randomUUID();
  const studentId = randomUUID();
  const itemId = randomUUID();
  const data: WorkSubmittedData = { submissionId, studentId, kind: 'task', itemId, weekId: randomUUID(), subjectId: randomUUID(), programId: randomUUID(), githubUrl: `https://github.com/${repo}`, attempt: 1, late: false, dueAt: null, commit: null };
  const metadata = { actorId: studentId, actorRole: 'student', correlationId: randomUUID(), causationId: null, occurredAt: SUBMITTED_AT };
  await t.store.append(`work-${studentId}-${itemId}`, [{ type: GRADING_EVENTS.WorkSubmitted, data, personal: { subjectId: studentId, data: { notes: '' } }, metadata }], 0);
  const event = (await t.store.readStream(`work-${studentId}-${itemId}`))[0]!;
  const route = pinRoutes[GRADING_EVENTS.WorkSubmitted];
  const jobData = (Array.isArray(route) ? route[0] : route)!.data!(event);
  return { event, data: jobData };
}
const at = (ms: number) => () => new Date(Date.parse(SUBMITTED_AT) + ms);
const job = (data: unknown, attemptsMade = 0) => ({ data, attemptsMade, opts: { attempts: PIN_ATTEMPTS } });
const pinEvents = async (submissionId: string) => t.store.readStream(pinStream(submissionId));

it('carries ids only, and routes only a submission whose pin is pending', async () => {
  const { event, data } = await pendingSubmission('ada/ids');
  expect(data).toEqual({ eventId: event.id, position: event.position, submissionId: (event.data as WorkSubmittedData).submissionId });
  const route = pinRoutes[GRADING_EVENTS.WorkSubmitted];
  const when = (Array.isArray(route) ? route[0] : route)!.when!;
  expect([when(event), when({ ...event, data: { ...(event.data as object), commit: { sha: 'a'.repeat(40), readAt: SUBMITTED_AT } } }), when({ ...event, data: { submissionId: 'x' } })]).toEqual([true, false, false]);
});

it('fails while the host is away (to be retried), then pins the commit once it is back, once', async () => {
  const repo = await git.createRepo('ada', 'comes-back');
  const { event, data } = await pendingSubmission('ada/comes-back');
  const { submissionId, studentId, itemId } = event.data as WorkSubmittedData;
  await git.stop();
  try {
    await expect(runPinJob({ store: t.store, git: hosts, now: at(60_000) }, job(data))).rejects.toBeInstanceOf(PinHostAway);
    expect(await pinEvents(submissionId)).toEqual([]);
  } finally {
    await git.start();
  }
  const sha = await repo.head();
  expect(await runPinJob({ store: t.store, git: hosts, now: at(120_000) }, job(data, 1))).toEqual({ settled: 'pinned', sha });
  // Run again (a redelivered job): nothing new.
  await runPinJob({ store: t.store, git: hosts, now: at(180_000) }, job(data, 2));
  const [pinned, ...more] = await pinEvents(submissionId);
  expect(more).toEqual([]);
  expect(SubmissionCommitPinnedV1.parse(pinned!)).toEqual({ submissionId, studentId, itemId, sha, readAt: at(120_000)().toISOString() });
  expect(pinned!.metadata).toMatchObject({ actorId: null, actorRole: 'system', causationId: event.id, correlationId: event.metadata.correlationId });
});

it('gives up a day after the submission while the host is still away ("could not be pinned")', async () => {
  const { event, data } = await pendingSubmission('ada/never-back');
  const { submissionId } = event.data as WorkSubmittedData;
  await git.stop();
  try {
    await expect(runPinJob({ store: t.store, git: hosts, now: at(PIN_GIVE_UP_MS - 1) }, job(data, 20))).rejects.toBeInstanceOf(PinHostAway);
    expect(await runPinJob({ store: t.store, git: hosts, now: at(PIN_GIVE_UP_MS) }, job(data, 21))).toEqual({ settled: 'failed', reason: 'host unreachable' });
  } finally {
    await git.start();
  }
  const [failed, ...more] = await pinEvents(submissionId);
  expect(more).toEqual([]);
  expect(SubmissionPinFailedV1.parse(failed!).reason).toBe('host unreachable');
});

it('gives up at once on a repository that became unreadable, and refuses a job that names no event', async () => {
  const { event, data } = await pendingSubmission('ada/deleted-meanwhile');
  expect(await runPinJob({ store: t.store, git: hosts, now: at(1000) }, job(data))).toEqual({ settled: 'failed', reason: 'repository unreadable' });
  expect(SubmissionPinFailedV1.parse((await pinEvents((event.data as WorkSubmittedData).submissionId))[0]!).reason).toBe('repository unreadable');
  await expect(runPinJob({ store: t.store, git: hosts }, job({ eventId: event.id, position: event.position + 1000, submissionId: 'x' }))).rejects.toBeInstanceOf(MalformedPinJob);
  await expect(runPinJob({ store: t.store, git: hosts }, job({ eventId: event.id }))).rejects.toBeInstanceOf(MalformedPinJob);
});
