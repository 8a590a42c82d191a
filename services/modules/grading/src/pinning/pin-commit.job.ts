// The retry of a pin the submit could not make (ADR 0039): the worker's dispatcher turns each
// WorkSubmitted whose commit is null (the host did not answer within SUBMIT_WAIT_MS) into one job on
// GIT_QUEUE, job id = the event id. The job reads the commit again; while the host stays away it
// fails and BullMQ tries again later (pinBackoff: doubling, capped), and once a day has passed since
// the submission it gives up. Either way it settles the pin once, on the submission's pin stream.
// The job's data holds ids only: the repository's address is read back from the log.
import { type DispatchRoutes, type EventMetadata, type EventStore, runCommand, type StoredEvent } from '@academy/event-store';
import { GRADING_EVENTS, WorkSubmittedV1 } from '@academy/contracts';
import { type PinCommand, pinDecider, pinStream } from '../domain/pin.js';
import { readDefaultBranchCommit } from './read-commit.js';
import type { SubmissionGitHosts } from './submission-git.js';

export const GIT_QUEUE = 'git';
export const PIN_COMMIT_JOB = 'pin-commit';
/** The backoff type of the job (the worker's consumer computes it: pinBackoff). */
export const PIN_BACKOFF = 'pin-commit';
/** A pin still pending this long after the submission is given up ("could not be pinned"). */
export const PIN_GIVE_UP_MS = 24 * 3600_000;
/** The longest pause between two tries (the first is SUBMISSION_PIN_RETRY_MS, then doubling). */
export const PIN_MAX_DELAY_MS = 3600_000;
/** Tries in all: more than a day's worth at the capped pause, so the day decides, not the count. */
export const PIN_ATTEMPTS = 48;

export interface PinJobData {
  eventId: string;
  position: number;
  submissionId: string;
}

/** Only a submission whose pin is pending (null) becomes a job; one pinned at submission, or from before pinning, does not. */
const pinPending = (e: StoredEvent) => (e.data as { commit?: unknown }).commit === null;

export const pinRoutes: DispatchRoutes = {
  [GRADING_EVENTS.WorkSubmitted]: {
    queue: GIT_QUEUE,
    jobName: PIN_COMMIT_JOB,
    when: pinPending,
    data: (e): PinJobData => ({ eventId: e.id, position: e.position, submissionId: (e.data as { submissionId: string }).submissionId }),
    // Kept a week once done and a month once failed (a re-added id would be a new job: ADR 0011).
    opts: { attempts: PIN_ATTEMPTS, backoff: { type: PIN_BACKOFF }, removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } },
  },
};

/** The pause before try `attemptsMade + 1`: `firstMs`, doubling, at most PIN_MAX_DELAY_MS. */
export function pinBackoff(firstMs: number, attemptsMade: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attemptsMade - 1), PIN_MAX_DELAY_MS);
}

/** A job that can never succeed (data it cannot read, an event not where it says): not retried. */
export class MalformedPinJob extends Error {
  override readonly name = 'MalformedPinJob';
}
/** The host is still away: the job fails this try and BullMQ retries it later. */
export class PinHostAway extends Error {
  override readonly name = 'PinHostAway';
}

export type PinOutcome = { settled: 'pinned'; sha: string } | { settled: 'failed'; reason: 'host unreachable' | 'repository unreadable' } | { settled: 'before' };

/** What the job needs of a BullMQ Job. */
export interface PinJob {
  data: unknown;
  /** Tries made before this one. */
  attemptsMade: number;
  opts: { attempts?: number };
}

function jobData(data: unknown): PinJobData {
  const d = data as Partial<PinJobData> | null;
  if (typeof d?.eventId !== 'string' || typeof d.position !== 'number' || typeof d.submissionId !== 'string') throw new MalformedPinJob('a pin job needs eventId, position and submissionId');
  return { eventId: d.eventId, position: d.position, submissionId: d.submissionId };
}

export async function runPinJob(deps: { store: EventStore; git: SubmissionGitHosts; now?: () => Date }, job: PinJob): Promise<PinOutcome> {
  const now = deps.now ?? (() => new Date());
  const { eventId, position, submissionId } = jobData(job.data);
  const [event] = await deps.store.readAll(position - 1, 1);
  if (!event || event.id !== eventId) throw new MalformedPinJob(`event ${eventId} is not at position ${position}`);
  const submitted = WorkSubmittedV1.parse(event);
  if (submitted.submissionId !== submissionId || submitted.commit !== null) return { settled: 'before' };
  const read = await readDefaultBranchCommit(deps.git.client, submitted.githubUrl, { now });
  const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1) || now().getTime() >= Date.parse(event.metadata.occurredAt) + PIN_GIVE_UP_MS;
  if (read.kind === 'unreachable' && !lastTry) throw new PinHostAway(`the git host is still away (${read.why})`);
  const submission = { submissionId, studentId: submitted.studentId, itemId: submitted.itemId };
  const command: PinCommand =
    read.kind === 'pinned' ? { type: 'RecordPin', submission, sha: read.sha, readAt: read.readAt } : { type: 'GiveUpPin', submission, reason: read.kind === 'unreadable' ? 'repository unreadable' : 'host unreachable' };
  // The system's act, caused by the submission; the derived ids make a job run twice append nothing new.
  const metadata: EventMetadata = { actorId: null, actorRole: 'system', correlationId: event.metadata.correlationId, causationId: event.id, occurredAt: now().toISOString() };
  await runCommand(deps.store, metadata, {
    idempotencyKey: `pin-commit-${eventId}`,
    execute: async (unit) => {
      const stream = await unit.load(pinStream(submissionId), pinDecider);
      unit.decide(stream, pinDecider, command);
    },
  });
  return command.type === 'RecordPin' ? { settled: 'pinned', sha: command.sha } : { settled: 'failed', reason: command.reason };
}
