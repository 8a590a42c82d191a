import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid, type Principal } from '@academy/backend';
import { ConcurrencyError, DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { GRADING_MESSAGES, type Submission, type SubmitWorkRequest } from '@academy/contracts';
import { workDecider, workStream } from '../../domain/work.js';
import { GradingReader } from '../../projections/grading/grading.reader.js';

/** Student Weekly Lessons, 'Submit Task' / 'Submit Capstone': an attempt of the caller, on their own stream. */
@Injectable()
export class SubmitWorkHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly reader: GradingReader,
  ) {}

  async execute(principal: Principal, input: SubmitWorkRequest, metadata: EventMetadata): Promise<{ submission: Submission; position: number }> {
    // A week published or an enrollment activated a moment ago must count.
    await this.reader.caughtUp();
    const item = isUuid(input.itemId) ? await this.reader.item(input.itemId) : null;
    const enrolled = item ? await this.reader.isActivelyEnrolled(principal.userId, item.programId) : false;
    const submissionId = randomUUID();
    let position: number;
    try {
      ({ lastPosition: position } = await handleCommand({
        store: this.store,
        streamId: workStream(principal.userId, input.itemId),
        decider: workDecider,
        command: { type: 'SubmitWork', submissionId, studentId: principal.userId, kind: input.kind, item, enrolled, githubUrl: input.githubUrl, notes: input.notes, now: metadata.occurredAt },
        metadata,
      }));
    } catch (e) {
      // Two submits of the same item at once: the first one counts.
      if (e instanceof ConcurrencyError) throw new DomainError('conflict', GRADING_MESSAGES.alreadySubmitted);
      throw e;
    }
    await this.reader.caughtUp(position);
    const submission = await this.reader.submission(submissionId);
    if (!submission) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    return { submission, position };
  }
}
