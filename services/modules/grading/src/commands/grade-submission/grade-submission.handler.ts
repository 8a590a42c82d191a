import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type Principal } from '@academy/backend';
import { ConcurrencyError, DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { GRADING_MESSAGES, type GradeSubmissionRequest, type Submission } from '@academy/contracts';
import { workDecider } from '../../domain/work.js';
import { GradingReader } from '../../projections/grading/grading.reader.js';

const ATTEMPTS = 40;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, randomInt(2, 10 + 5 * Math.min(attempt, 10))));

/**
 * Teacher Submissions, the grading dialog: a teacher assigned to the submission's subject grades (or
 * regrades) the latest attempt. With `expectedVersion` a grade given meanwhile is a 409 the teacher
 * sees; without it the command is decided again on the newer stream (the same grade again is a no-op).
 */
@Injectable()
export class GradeSubmissionHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly reader: GradingReader,
  ) {}

  async execute(principal: Principal, submissionId: string, input: GradeSubmissionRequest, metadata: EventMetadata): Promise<{ submission: Submission; position: number }> {
    await this.reader.caughtUp();
    const found = await this.reader.streamOf(submissionId);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    if (!(await this.reader.isAssigned(principal.userId, found.subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const title = (await this.reader.submission(submissionId))?.title;
    const command = { type: 'GradeSubmission' as const, submissionId, teacherId: principal.userId, score: input.score, status: input.status, feedback: input.feedback, title };
    let position = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        ({ lastPosition: position } = await handleCommand({ store: this.store, streamId: found.streamId, decider: workDecider, command, metadata, expectedVersion: input.expectedVersion }));
        break;
      } catch (e) {
        if (!(e instanceof ConcurrencyError)) throw e;
        if (input.expectedVersion !== undefined) throw new DomainError('conflict', GRADING_MESSAGES.gradeChangedMeanwhile);
        if (attempt >= ATTEMPTS) throw e;
        await pause(attempt);
      }
    }
    await this.reader.caughtUp(position);
    const submission = await this.reader.submission(submissionId);
    if (!submission) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    return { submission, position };
  }
}
