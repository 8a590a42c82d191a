import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, isUuid } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { CATALOG_MESSAGES, type Program, type ProgramType } from '@academy/contracts';
import { programDecider, programStream } from '../../domain/program.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

/** Admin Programs, edit: name, type, description. */
@Injectable()
export class UpdateProgramHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogReader,
  ) {}

  async execute(programId: string, input: { name: string; type: ProgramType; description: string }, metadata: EventMetadata): Promise<{ program: Program; position: number }> {
    if (!isUuid(programId)) throw new DomainError('not_found', CATALOG_MESSAGES.programNotFound);
    const outcome = await handleCommand({ store: this.store, streamId: programStream(programId), decider: programDecider, metadata, command: { type: 'UpdateProgram', name: input.name, programType: input.type, description: input.description } });
    await this.catalog.caughtUp(outcome.lastPosition);
    const program = await this.catalog.program(programId);
    if (!program) throw new DomainError('not_found', CATALOG_MESSAGES.programNotFound);
    return { program, position: outcome.lastPosition };
  }
}
