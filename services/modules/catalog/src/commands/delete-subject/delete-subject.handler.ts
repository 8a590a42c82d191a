import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { subjectDecider, subjectStream } from '../../domain/subject.js';
import { CATALOG_READ_MODEL } from '../../projections/catalog/names.js';
import { subjectInUse } from './in-use.read.js';
import { DeleteSubject } from './delete-subject.command.js';

/** Admin Subjects, delete: refused while teacher assignments or enrollments reference it (a refusal confirmed at the log's head). */
@CommandHandler(DeleteSubject)
export class DeleteSubjectHandler extends GatedCommandHandler<DeleteSubject> {
  async execute({ caller, subjectId }: DeleteSubject) {
    if (!isUuid(subjectId)) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
    const inUse = await this.gate.check(CATALOG_READ_MODEL, ({ em }) => subjectInUse(em, subjectId), (used) => !used, caller.seen);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(subjectStream(subjectId), subjectDecider);
        unit.decide(stream, subjectDecider, { type: 'DeleteSubject', inUse });
      },
    });
    return { position };
  }
}
