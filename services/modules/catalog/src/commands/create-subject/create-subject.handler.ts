import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, ReadModelGate } from '@academy/backend';
import { DomainError, type EventStore, runCommand } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { subjectDecider, subjectStream } from '../../domain/subject.js';
import { CATALOG_READ_MODEL } from '../../projections/catalog/names.js';
import { ListSubjects } from '../../queries/list-subjects/list-subjects.query.js';
import { hasProgram } from './program-exists.read.js';
import { CreateSubject } from './create-subject.command.js';

/** Admin Subjects, add: the program must exist (400 fields.programId otherwise). */
@CommandHandler(CreateSubject)
export class CreateSubjectHandler implements ICommandHandler<CreateSubject> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly gate: ReadModelGate,
  ) {}

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
