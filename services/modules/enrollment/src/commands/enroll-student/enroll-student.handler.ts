import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { GatedCommandHandler } from '@academy/backend';
import { runCommand } from '@academy/event-store';
import { ENROLLMENT_READ_MODEL } from '../../projections/enrollments/enrollments.projection.js';
import { ENROLL_RETRY, enrollPlans } from '../enroll-plans.js';
import { EnrollStudent } from './enroll-student.command.js';
import { readEnrollFacts } from './enroll-facts.read.js';

/**
 * Admin Enrollments, enroll (spec §5): a live student, an existing program, a subject of that program;
 * one pending/active enrollment per student and program (the place claim makes it hold under
 * concurrency). Starts pending, week 1, with the next code of the year.
 */
@CommandHandler(EnrollStudent)
export class EnrollStudentHandler extends GatedCommandHandler<EnrollStudent> {
  async execute({ caller, input }: EnrollStudent) {
    const enrollmentId = randomUUID();
    // Who is a student and what the catalog holds are facts of other contexts, known here only from the
    // read model; a refusal is confirmed at the log's head before it is answered.
    const facts = await this.gate.check(
      ENROLLMENT_READ_MODEL,
      ({ em }) => readEnrollFacts(em, input),
      (f) => f.studentIsLive && f.programExists && f.subjectInProgram,
      caller.seen,
    );
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: ENROLL_RETRY,
      execute: (unit) => enrollPlans(unit, [{ enrollmentId, ...input, ...facts }]),
    });
    return { enrollmentId, position };
  }
}
