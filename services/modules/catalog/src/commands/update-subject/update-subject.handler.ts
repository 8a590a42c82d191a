import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { CATALOG_MESSAGES, type Subject } from '@academy/contracts';
import { type SubjectFields, subjectDecider, subjectStream } from '../../domain/subject.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

/** Admin Subjects, edit: name, program, week number, description. */
@Injectable()
export class UpdateSubjectHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogReader,
  ) {}

  async execute(subjectId: string, input: SubjectFields, metadata: EventMetadata): Promise<{ subject: Subject; position: number }> {
    if (!isUuid(subjectId)) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
    await this.catalog.caughtUp();
    const programExists = (await this.catalog.program(input.programId)) !== null;
    const hasEnrollments = await this.catalog.subjectHasEnrollments(subjectId);
    const outcome = await handleCommand({ store: this.store, streamId: subjectStream(subjectId), decider: subjectDecider, metadata, command: { type: 'UpdateSubject', programExists, hasEnrollments, ...input } });
    await this.catalog.caughtUp(outcome.lastPosition);
    const subject = await this.catalog.subject(subjectId);
    if (!subject) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
    return { subject, position: outcome.lastPosition };
  }
}
