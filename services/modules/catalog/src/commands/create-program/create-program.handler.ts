import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, ReadModelGate } from '@academy/backend';
import { type EventStore, runCommand } from '@academy/event-store';
import { programDecider, programStream } from '../../domain/program.js';
import { CatalogReader, CATALOG_READ_MODEL } from '../../projections/catalog/catalog.reader.js';
import { CreateProgram } from './create-program.command.js';

/** A new program stream; answers the program as the Programs screen will show it. */
@CommandHandler(CreateProgram)
export class CreateProgramHandler implements ICommandHandler<CreateProgram> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly gate: ReadModelGate,
    private readonly catalog: CatalogReader,
  ) {}

  async execute({ caller, input }: CreateProgram) {
    const programId = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(programStream(programId), programDecider);
        unit.decide(stream, programDecider, { type: 'CreateProgram', programId, name: input.name, programType: input.type, description: input.description });
      },
    });
    await this.gate.reach(CATALOG_READ_MODEL, position);
    const program = (await this.catalog.program(programId)) ?? { id: programId, ...input, createdAt: caller.metadata.occurredAt, subjectCount: 0, enrollmentCount: 0 };
    return { program, position };
  }
}
