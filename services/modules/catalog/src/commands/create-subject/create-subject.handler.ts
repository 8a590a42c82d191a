import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { CATALOG_MESSAGES, type Subject } from '@academy/contracts';
import { type SubjectFields, subjectDecider, subjectStream } from '../../domain/subject.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

/** Admin Subjects, add: the program must exist (400 fields.programId otherwise). */
@Injectable()
export class CreateSubjectHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogReader,
  ) {}

  async execute(input: SubjectFields, metadata: EventMetadata): Promise<{ subject: Subject; position: number }> {
    const subjectId = randomUUID();
    await this.catalog.caughtUp();
    const programExists = (await this.catalog.program(input.programId)) !== null;
    const outcome = await handleCommand({
      store: this.store,
      streamId: subjectStream(subjectId),
      decider: subjectDecider,
      metadata,
      command: { type: 'CreateSubject', subjectId, programExists, ...input },
    });
    await this.catalog.caughtUp(outcome.lastPosition);
    const subject = await this.catalog.subject(subjectId);
    if (!subject) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
    return { subject, position: outcome.lastPosition };
  }
}
