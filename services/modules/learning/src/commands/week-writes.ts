// The one write path of every week command: the caller must be a teacher assigned to the week's
// subject (learned from the catalog's events in this context's read model), then load, decide,
// append guarded by the version read (or the version the editor saw), and wait for the read model.
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type Principal } from '@academy/backend';
import { ConcurrencyError, DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { LEARNING_MESSAGES, type Week } from '@academy/contracts';
import { type WeekCommand, weekDecider, weekStream } from '../domain/week.js';
import { LearningReader } from '../projections/learning/learning.reader.js';

@Injectable()
export class WeekWrites {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly reader: LearningReader,
  ) {}

  /** 404 for an unknown subject; 403 unless the teacher is assigned to it. */
  async authorize(principal: Principal, subjectId: string): Promise<void> {
    // An assignment made a moment ago must count: read once the read model reached the log's head.
    await this.reader.caughtUp();
    if (!(await this.reader.subject(subjectId))) throw new DomainError('not_found', LEARNING_MESSAGES.subjectNotFound, { subjectId: [LEARNING_MESSAGES.subjectNotFound] });
    if (!(await this.reader.isAssigned(principal.userId, subjectId))) throw new DomainError('forbidden', LEARNING_MESSAGES.notYourSubject);
  }

  /** Runs `command` on the week (after authorizing on its subject); answers the week as the read model shows it. */
  async run(principal: Principal, weekId: string, command: WeekCommand, metadata: EventMetadata, expectedVersion?: number): Promise<{ week: Week; position: number }> {
    await this.reader.caughtUp();
    const subjectId = await this.reader.subjectOfWeek(weekId);
    if (!subjectId) throw new DomainError('not_found', LEARNING_MESSAGES.weekNotFound);
    await this.authorize(principal, subjectId);
    return this.execute(weekId, command, metadata, expectedVersion);
  }

  async execute(weekId: string, command: WeekCommand, metadata: EventMetadata, expectedVersion?: number): Promise<{ week: Week; position: number }> {
    let position: number;
    try {
      ({ lastPosition: position } = await handleCommand({ store: this.store, streamId: weekStream(weekId), decider: weekDecider, command, metadata, expectedVersion }));
    } catch (e) {
      if (e instanceof ConcurrencyError && command.type !== 'CreateWeek') throw new DomainError('conflict', LEARNING_MESSAGES.changedMeanwhile);
      throw e;
    }
    await this.reader.caughtUp(position);
    const week = await this.reader.week(weekId);
    if (!week) throw new DomainError('not_found', LEARNING_MESSAGES.weekNotFound);
    return { week, position };
  }
}
