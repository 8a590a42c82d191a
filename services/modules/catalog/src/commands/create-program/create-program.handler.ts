import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import type { Program, ProgramType } from '@academy/contracts';
import { programDecider, programStream } from '../../domain/program.js';
import { CatalogReader } from '../../projections/catalog/catalog.reader.js';

/** Admin Programs, add (spec §2, §5): a new program stream. */
@Injectable()
export class CreateProgramHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogReader,
  ) {}

  async execute(input: { name: string; type: ProgramType; description: string }, metadata: EventMetadata): Promise<{ program: Program; position: number }> {
    const programId = randomUUID();
    const outcome = await handleCommand({ store: this.store, streamId: programStream(programId), decider: programDecider, metadata, command: { type: 'CreateProgram', programId, name: input.name, programType: input.type, description: input.description } });
    await this.catalog.caughtUp(outcome.lastPosition);
    const program = (await this.catalog.program(programId)) ?? { id: programId, ...input, createdAt: metadata.occurredAt, subjectCount: 0, enrollmentCount: 0 };
    return { program, position: outcome.lastPosition };
  }
}
