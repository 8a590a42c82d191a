import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import type { EventStore } from '@academy/event-store';
import { type AppConfig, EVENT_STORE } from '@academy/backend';
import { GIT_QUEUE, MalformedPinJob, PIN_BACKOFF, pinBackoff, type PinOutcome, runPinJob, SubmissionGitHosts } from '@academy/grading';
import { WORKER_CONFIG } from '../tokens.js';
import { QueueConsumer } from '../queue-consumers.js';

/**
 * The git queue's processor (ADR 0039): pins the commit of a submission whose git host did not answer
 * at submit time (grading's runPinJob), retried with a doubling pause from SUBMISSION_PIN_RETRY_MS,
 * given up a day after the submission. A few at a time: each waits on a host, not on this machine.
 */
@Injectable()
export class PinProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('git');
  private consumer?: QueueConsumer;
  private readonly git: SubmissionGitHosts;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.git = new SubmissionGitHosts(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = new QueueConsumer(this.config, this.log, {
      queue: GIT_QUEUE,
      connectionName: 'academy-worker-git',
      label: 'git',
      concurrency: 4,
      process: (job) => this.process(job),
      // The job's id and try, and why (a reason word, never the repository's address).
      failed: (job, err) => `git job ${job?.name ?? '?'} ${job?.id ?? '?'} attempt ${job?.attemptsMade ?? '?'} failed: ${err.message}`,
      backoffStrategy: (attemptsMade, type) => (type === PIN_BACKOFF ? pinBackoff(this.config.SUBMISSION_PIN_RETRY_MS, attemptsMade) : 0),
    });
    await this.consumer.ready();
  }

  async process(job: Job): Promise<PinOutcome> {
    try {
      return await runPinJob({ store: this.store, git: this.git }, job);
    } catch (e) {
      if (e instanceof MalformedPinJob) throw new UnrecoverableError(e.message);
      throw e;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.close();
  }
}
