import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore } from '@academy/event-store';
import { ENROLLMENT_MESSAGES, type ImportEnrollmentsRequest, type ImportEnrollmentsResponse } from '@academy/contracts';
import { CsvError, readImportFile } from '../../domain/csv.js';
import { checkImport } from '../../domain/import-check.js';
import { EnrollmentsReader } from '../../projections/enrollments/enrollments.reader.js';
import { enrollAll } from '../../reservations/enrollment-writes.js';

/**
 * Bulk enrollment from CSV: every row is checked against the caught-up read model; a dry run writes
 * nothing; applying writes every enrollment in ONE atomic append, or nothing when any row has a problem.
 */
@Injectable()
export class ImportEnrollmentsHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly enrollments: EnrollmentsReader,
  ) {}

  async execute(input: ImportEnrollmentsRequest, metadata: EventMetadata): Promise<{ report: ImportEnrollmentsResponse; position: number }> {
    let lines;
    try {
      lines = readImportFile(input.csv);
    } catch (e) {
      if (e instanceof CsvError) throw new DomainError('invalid', 'Some fields are not valid', { csv: [e.message] });
      throw e;
    }
    await this.enrollments.caughtUp();
    const rows = checkImport(lines, await this.enrollments.lookups());
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
    const { position } = await enrollAll(this.store, plans, metadata);
    return { report: report(plans.length, ENROLLMENT_MESSAGES.imported(plans.length)), position };
  }
}
