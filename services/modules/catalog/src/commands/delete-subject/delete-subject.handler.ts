import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { subjectDecider, subjectStream } from '../../domain/subject.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

/** Admin Subjects, delete: refused while teacher assignments or enrollments reference it (caught-up read model). */
@Injectable()
export class DeleteSubjectHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogReader,
  ) {}

  async execute(subjectId: string, metadata: EventMetadata): Promise<{ position: number }> {
    if (!isUuid(subjectId)) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
    await this.catalog.caughtUp();
    const inUse = await this.catalog.subjectInUse(subjectId);
    const outcome = await handleCommand({ store: this.store, streamId: subjectStream(subjectId), decider: subjectDecider, metadata, command: { type: 'DeleteSubject', inUse } });
    return { position: outcome.lastPosition };
  }
}
