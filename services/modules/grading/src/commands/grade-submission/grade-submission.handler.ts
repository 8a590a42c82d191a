import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { DomainError, Retry, runCommand } from '@academy/event-store';
import { GRADING_MESSAGES } from '@academy/contracts';
import { rubricDecider, rubricStream } from '../../domain/rubric.js';
import { workDecider } from '../../domain/work.js';
import { GRADING_READ_MODEL } from '../submission-screens.js';
import { readGradingTarget } from './grading-target.read.js';
import { GradeSubmission } from './grade-submission.command.js';

/** Tries of a grade without If-Match under competing graders (each decided again on the newer stream). */
const ATTEMPTS = 40;

/**
 * A teacher assigned to the submission's subject grades (or regrades) the latest attempt. With
 * `expectedVersion` a grade given meanwhile is a 409 the teacher sees; without it the command is
 * decided again on the newer stream (the same grade again is a no-op).
 */
@CommandHandler(GradeSubmission)
export class GradeSubmissionHandler extends GatedCommandHandler<GradeSubmission> {
  async execute({ caller, submissionId, input }: GradeSubmission) {
    const teacherId = principalOf(caller).userId;
    // The submission and the assignment as the caller has seen them; a refusal is confirmed at the head
    // (a submission or an assignment made a moment ago must count).
    const found = await this.gate.check(GRADING_READ_MODEL, ({ em }) => readGradingTarget(em, submissionId, teacherId), (v) => v?.assigned === true, caller.seen);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    if (!found.assigned) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const title = found.title;
    const ifMatch = input.expectedVersion;
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: ifMatch === undefined ? Retry.onConflict(ATTEMPTS) : Retry.never,
      // Only a teacher who sent the version they saw is told the grade changed under them.
      conflict: ifMatch === undefined ? undefined : () => new DomainError('conflict', GRADING_MESSAGES.gradeChangedMeanwhile),
      execute: async (unit) => {
        const stream = await unit.load(found.streamId, workDecider, { expectedVersion: ifMatch });
        // Read, not written: the rubric as it stands; the decider scores the levels chosen against it.
        const rubric = input.rubric ? { chosen: input.rubric, current: (await unit.load(rubricStream(found.itemId), rubricDecider)).state } : undefined;
        unit.decide(stream, workDecider, { type: 'GradeSubmission', submissionId, teacherId, score: input.score, status: input.status, feedback: input.feedback, title, rubric });
      },
    });
    // The answer (the submission as the screen shows it) is read by the controller once Dispatch saw
    // the projection reach `position`: one wait, and none of it inside the command.
    return { submissionId, position };
  }
}
