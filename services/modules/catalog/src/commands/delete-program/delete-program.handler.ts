import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { programDecider, programStream } from '../../domain/program.js';
import { CATALOG_READ_MODEL } from '../../projections/catalog/names.js';
import { programInUse } from './in-use.read.js';
import { DeleteProgram } from './delete-program.command.js';

/**
 * Admin Programs, delete: refused while the program has live subjects or any enrollment, as the read
 * model shows them (a refusal confirmed at the log's head; README: the remaining race).
 */
@CommandHandler(DeleteProgram)
export class DeleteProgramHandler extends GatedCommandHandler<DeleteProgram> {
  async execute({ caller, programId }: DeleteProgram) {
    if (!isUuid(programId)) throw new DomainError('not_found', CATALOG_MESSAGES.programNotFound);
    const inUse = await this.gate.check(CATALOG_READ_MODEL, ({ em }) => programInUse(em, programId), (used) => !used, caller.seen);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(programStream(programId), programDecider);
        unit.decide(stream, programDecider, { type: 'DeleteProgram', inUse });
      },
    });
    return { position };
  }
}
