import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { subjectDecider, subjectStream } from '../../domain/subject.js';
import { CATALOG_READ_MODEL } from '../../projections/catalog/names.js';
import { ListSubjects } from '../../queries/list-subjects/list-subjects.query.js';
import { hasProgram } from '../create-subject/program-exists.read.js';
import { subjectHasEnrollments } from './subject-move.read.js';
import { UpdateSubject } from './update-subject.command.js';

/** Admin Subjects, edit: the program must exist; enrollments pin a subject to its program. */
@CommandHandler(UpdateSubject)
export class UpdateSubjectHandler extends GatedCommandHandler<UpdateSubject> {
  async execute({ caller, subjectId, input }: UpdateSubject) {
    if (!isUuid(subjectId)) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        const stream = await unit.load(subjectStream(subjectId), subjectDecider);
        // Enrollments only matter when the subject would move to another program: a rename is admitted
        // on what the caller has seen; a refusal is confirmed at the log's head.
        const facts = await this.gate.check(
          CATALOG_READ_MODEL,
          async ({ em }) => ({ programExists: await hasProgram(em, input.programId), hasEnrollments: await subjectHasEnrollments(em, subjectId) }),
          (f) => f.programExists && (!f.hasEnrollments || input.programId === stream.state.programId),
          caller.seen,
        );
        unit.decide(stream, subjectDecider, { type: 'UpdateSubject', ...facts, ...input });
      },
    });
    // The answer is the Subjects screen's own query, as the caller will see it next.
    const [subject] = (await this.gate.shown(CATALOG_READ_MODEL, position, new ListSubjects({ subjectId }))).subjects;
    if (!subject) throw new DomainError('not_found', CATALOG_MESSAGES.subjectNotFound);
    return { subject, position };
  }
}
