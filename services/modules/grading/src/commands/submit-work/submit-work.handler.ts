import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { workDecider, workStream } from '../../domain/work.js';
import { GetSubmission } from '../../queries/get-submission/get-submission.query.js';
import { GRADING_READ_MODEL } from '../submission-screens.js';
import { readSubmitFacts } from './item-facts.read.js';
import { SubmitWork } from './submit-work.command.js';

/** An attempt of the caller on their own (student, item) stream; the decider judges the item's facts. */
@CommandHandler(SubmitWork)
export class SubmitWorkHandler extends GatedCommandHandler<SubmitWork> {
  async execute({ caller, input }: SubmitWork) {
    const studentId = principalOf(caller).userId;
    // The item and the enrollment as the caller has seen them; a refusal is confirmed at the head
    // (a week published or an enrollment activated a moment ago must count).
    const { item, enrolled } = await this.gate.check(
      GRADING_READ_MODEL,
      ({ em }) => readSubmitFacts(em, studentId, input.itemId),
      (v) => v.item !== null && v.item.kind === input.kind && v.item.published && v.enrolled,
      caller.seen,
    );
    const submissionId = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      // Two submits of the same item at once: the first one counts.
      conflict: () => new DomainError('conflict', GRADING_MESSAGES.alreadySubmitted),
      execute: async (unit) => {
        const stream = await unit.load(workStream(studentId, input.itemId), workDecider);
        unit.decide(stream, workDecider, { type: 'SubmitWork', submissionId, studentId, kind: input.kind, item, enrolled, githubUrl: input.githubUrl, notes: input.notes, now: caller.metadata.occurredAt });
      },
    });
    // The answer is the submission as its screen shows it (404 should it be gone meanwhile).
    const { submission } = await this.gate.shown(GRADING_READ_MODEL, position, new GetSubmission(principalOf(caller), submissionId));
    return { submission, position };
  }
}
