import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { ENROLLMENT_MESSAGES, type ImportEnrollmentsResponse } from '@academy/contracts';
import { CsvError, readImportFile } from '../../domain/csv.js';
import { checkImport } from '../../domain/import-check.js';
import { ENROLLMENT_READ_MODEL } from '../../projections/enrollments/enrollments.projection.js';
import { ENROLL_RETRY, enrollPlans } from '../enroll-plans.js';
import { ImportEnrollments } from './import-enrollments.command.js';
import { readImportKnowledge } from './import-knowledge.read.js';

/**
 * Bulk enrollment from CSV: every row is checked against the read model; a dry run writes nothing;
 * applying writes every enrollment in ONE atomic append, or nothing when any row has a problem.
 */
@CommandHandler(ImportEnrollments)
export class ImportEnrollmentsHandler extends GatedCommandHandler<ImportEnrollments> {
  async execute({ caller, input }: ImportEnrollments) {
    let lines;
    try {
      lines = readImportFile(input.csv);
    } catch (e) {
      if (e instanceof CsvError) throw new DomainError('invalid', 'Some fields are not valid', { csv: [e.message] });
      throw e;
    }
    // A clean file is used at once; a file with problems is checked again at the log's head before
    // they are reported (a student or program made a moment ago may not show yet).
    const rows = await this.gate.check(
      ENROLLMENT_READ_MODEL,
      async ({ em }) => checkImport(lines, await readImportKnowledge(em)),
      (checked) => checked.every((r) => r.problems.length === 0),
      caller.seen,
    );
    const problemCount = rows.filter((r) => r.problems.length > 0).length;
    const report = (enrolled: number, message: string): ImportEnrollmentsResponse => ({
      message,
      dryRun: input.dryRun,
      problemCount,
      enrolled,
      rows: rows.map(({ line, studentEmail, program, subject, problems }) => ({ line, studentEmail, program, subject, problems })),
    });
    if (problemCount > 0) return { report: report(0, ENROLLMENT_MESSAGES.importHasProblems), position: 0 };
    if (input.dryRun) return { report: report(0, `No problems found: ${rows.length} row${rows.length === 1 ? '' : 's'} can be enrolled`), position: 0 };
    const plans = rows.map((r) => ({ enrollmentId: randomUUID(), ...r.target!, studentIsLive: true, programExists: true, subjectInProgram: true }));
    // Retried on a conflict (a concurrent enrollment took codes, or a place): the whole file is decided
    // again on the new state, so it still enrolls every row or none; an enrollment made meanwhile for a
    // row's student and program refuses the file (409 alreadyEnrolled).
    const { position } = await runCommand(this.store, caller.metadata, {
      retry: ENROLL_RETRY,
      execute: (unit) => enrollPlans(unit, plans),
    });
    return { report: report(plans.length, ENROLLMENT_MESSAGES.imported(plans.length)), position };
  }
}
