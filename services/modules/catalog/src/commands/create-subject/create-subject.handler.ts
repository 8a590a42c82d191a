import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { subjectDecider, subjectStream } from '../../domain/subject.js';
import { CATALOG_READ_MODEL } from '../../projections/catalog/names.js';
import { ListSubjects } from '../../queries/list-subjects/list-subjects.query.js';
import { hasProgram } from './program-exists.read.js';
import { CreateSubject } from './create-subject.command.js';

/** Admin Subjects, add: the program must exist (400 fields.programId otherwise). */
@CommandHandler(CreateSubject)
export class CreateSubjectHandler extends GatedCommandHandler<CreateSubject> {
  async execute({ caller, input }: CreateSubject) {
    const subjectId = randomUUID();
    const programExists = await this.gate.check(CATALOG_READ_MODEL, ({ em }) => hasProgram(em, input.programId), (exists) => exists, caller.seen);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(subjectStream(subjectId), subjectDecider);
        unit.decide(stream, subjectDecider, { type: 'CreateSubject', subjectId, programExists, ...input });
      },
    });
    // The answer is the Subjects screen's own query, as the caller will see it next.
    const [subject] = (await this.gate.shown(CATALOG_READ_MODEL, position, new ListSubjects({ subjectId }))).subjects;
    if (!subject) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
    return { subject, position };
  }
}
