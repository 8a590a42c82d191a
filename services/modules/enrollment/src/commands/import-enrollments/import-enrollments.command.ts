import { CallerCommand } from '@academy/backend';
import type { ImportEnrollmentsRequest, ImportEnrollmentsResponse } from '@academy/contracts';

/**
 * Bulk enrollment from CSV: a dry run checks every row and writes nothing; applying enrolls every row
 * or none. Answers the report and the position its screen waits for (0 when nothing was written).
 */
export class ImportEnrollments extends CallerCommand<ImportEnrollmentsRequest, { report: ImportEnrollmentsResponse; position: number }> {}
