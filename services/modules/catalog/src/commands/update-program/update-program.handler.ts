import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { programDecider, programStream } from '../../domain/program.js';
import { CATALOG_READ_MODEL } from '../../projections/catalog/names.js';
import { ListPrograms } from '../../queries/list-programs/list-programs.query.js';
import { UpdateProgram } from './update-program.command.js';

/** Admin Programs, edit: the whole new state; answers the program as the Programs screen shows it. */
@CommandHandler(UpdateProgram)
export class UpdateProgramHandler extends GatedCommandHandler<UpdateProgram> {
  async execute({ caller, programId, input }: UpdateProgram) {
    if (!isUuid(programId)) throw new DomainError('not_found', CATALOG_MESSAGES.programNotFound);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(programStream(programId), programDecider);
        unit.decide(stream, programDecider, { type: 'UpdateProgram', name: input.name, programType: input.type, description: input.description });
      },
    });
    // The answer is the Programs screen's own query, as the caller will see it next.
    const [program] = (await this.gate.shown(CATALOG_READ_MODEL, position, new ListPrograms(programId))).programs;
    if (!program) throw new DomainError('not_found', CATALOG_MESSAGES.programNotFound);
    return { program, position };
  }
}
