import { ListOrOneQuery } from '@academy/backend';
import type { ProgramsResponse } from '@academy/contracts';

/**
 * Admin Programs: every program by name, with its subject and enrollment counts. With an `id`,
 * only that program as the screen shows it (what a program command answers; none for an unknown id).
 */
export class ListPrograms extends ListOrOneQuery<ProgramsResponse> {}
