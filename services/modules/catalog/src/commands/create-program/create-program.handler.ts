import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { GatedCommandHandler } from '@academy/backend';
import { runCommand } from '@academy/event-store';
import { programDecider, programStream } from '../../domain/program.js';
import { CATALOG_READ_MODEL } from '../../projections/catalog/names.js';
import { ListPrograms } from '../../queries/list-programs/list-programs.query.js';
import { CreateProgram } from './create-program.command.js';

/** A new program stream; answers the program as the Programs screen will show it. */
@CommandHandler(CreateProgram)
export class CreateProgramHandler extends GatedCommandHandler<CreateProgram> {
  async execute({ caller, input }: CreateProgram) {
    const programId = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(programStream(programId), programDecider);
        unit.decide(stream, programDecider, { type: 'CreateProgram', programId, name: input.name, programType: input.type, description: input.description });
      },
    });
    // The answer is the Programs screen's own query, as the caller will see it next.
    const [shown] = (await this.gate.shown(CATALOG_READ_MODEL, position, new ListPrograms(programId))).programs;
    const program = shown ?? { id: programId, ...input, createdAt: caller.metadata.occurredAt, subjectCount: 0, enrollmentCount: 0 };
    return { program, position };
  }
}
