import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, principalOf, GatedCommandHandler, ReadModelGate } from '@academy/backend';
import { DomainError, type EventStore, fold, runCommand } from '@academy/event-store';
import { EXTENSION_MESSAGES, GRADING_MESSAGES } from '@academy/contracts';
import { extensionDecider, extensionStream } from '../../domain/extension.js';
import { judgeDeadline, workDecider, workStream } from '../../domain/work.js';
import { readDefaultBranchCommit } from '../../pinning/read-commit.js';
import { SUBMIT_WAIT_MS, SubmissionGitHosts } from '../../pinning/submission-git.js';
import { GetSubmission } from '../../queries/get-submission/get-submission.query.js';
import { GRADING_READ_MODEL } from '../submission-screens.js';
import { readSubmitFacts } from './item-facts.read.js';
import { SubmitWork } from './submit-work.command.js';

const refusedUrl = (message: string) => new DomainError('invalid', message, { githubUrl: [message] });

/**
 * An attempt of the caller on their own (student, item) stream; the decider judges the item's facts.
 * The repository's default branch is read first (ADR 0039): its commit is pinned in WorkSubmitted; a
 * repository the host says is missing or private refuses the submission (nothing stored); a host that
 * does not answer within SUBMIT_WAIT_MS leaves the pin pending for the worker's retry job.
 */
@CommandHandler(SubmitWork)
export class SubmitWorkHandler extends GatedCommandHandler<SubmitWork> {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    gate: ReadModelGate,
    private readonly git: SubmissionGitHosts,
  ) {
    super(store, gate);
  }

  async execute({ caller, input }: SubmitWork) {
    const studentId = principalOf(caller).userId;
    const hostRefusal = this.git.refusal(input.githubUrl);
    if (hostRefusal) throw refusedUrl(hostRefusal);
    // The item and the enrollment as the caller has seen them; a refusal is confirmed at the head
    // (a week published or an enrollment activated a moment ago must count).
    const { item, enrolled } = await this.gate.check(
      GRADING_READ_MODEL,
      ({ em }) => readSubmitFacts(em, studentId, input.itemId),
      (v) => v.item !== null && v.item.kind === input.kind && v.item.published && v.enrolled,
      caller.seen,
    );
    // A closed item past the student's due date is refused before the host is asked (the decider judges it again on what it loads).
    if (item && item.kind === input.kind && item.latePolicy === 'closed') {
      const extension = fold(extensionDecider, await this.store.readStream(extensionStream(studentId, input.itemId)));
      if (judgeDeadline(item, extension, caller.metadata.occurredAt).closed) throw new DomainError('conflict', EXTENSION_MESSAGES.closedAfterDue);
    }
    const commit = await this.pinnableCommit(input.githubUrl);
    const submissionId = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      // Two submits of the same item at once: the first one counts.
      conflict: () => new DomainError('conflict', GRADING_MESSAGES.alreadySubmitted),
      execute: async (unit) => {
        const stream = await unit.load(workStream(studentId, input.itemId), workDecider);
        // Read, not written: an extension is judged as it stands when the student submits.
        const extension = (await unit.load(extensionStream(studentId, input.itemId), extensionDecider)).state;
        unit.decide(stream, workDecider, {
          type: 'SubmitWork',
          submissionId,
          studentId,
          kind: input.kind,
          item,
          enrolled,
          githubUrl: input.githubUrl,
          notes: input.notes,
          now: caller.metadata.occurredAt,
          commit,
          extension,
        });
      },
    });
    // The answer is the submission as its screen shows it (404 should it be gone meanwhile).
    const { submission } = await this.gate.shown(GRADING_READ_MODEL, position, new GetSubmission(principalOf(caller), submissionId));
    return { submission, position };
  }

  /** The commit to pin, null when the host did not answer in time; throws on a repository the student must fix. */
  private async pinnableCommit(repositoryUrl: string): Promise<{ sha: string; readAt: string } | null> {
    const read = await readDefaultBranchCommit(this.git.client, repositoryUrl, { timeoutMs: SUBMIT_WAIT_MS });
    if (read.kind === 'pinned') return { sha: read.sha, readAt: read.readAt };
    if (read.kind === 'unreachable') return null;
    throw refusedUrl(read.why === 'empty' ? GRADING_MESSAGES.repositoryEmpty : GRADING_MESSAGES.repositoryUnreadable);
  }
}
