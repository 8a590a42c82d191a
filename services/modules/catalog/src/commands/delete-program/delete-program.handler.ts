import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { programDecider, programStream } from '../../domain/program.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

/**
 * Admin Programs, delete: refused while the program has live subjects or any enrollment, as the
 * read model shows them once caught up with the log (README: the remaining race).
 */
@Injectable()
export class DeleteProgramHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogReader,
  ) {}

  async execute(programId: string, metadata: EventMetadata): Promise<{ position: number }> {
    if (!isUuid(programId)) throw new DomainError('not_found', CATALOG_MESSAGES.programNotFound);
    await this.catalog.caughtUp();
    const inUse = await this.catalog.programInUse(programId);
    const outcome = await handleCommand({ store: this.store, streamId: programStream(programId), decider: programDecider, metadata, command: { type: 'DeleteProgram', inUse } });
    return { position: outcome.lastPosition };
  }
}
