import { Query } from '@nestjs/cqrs';
import type { ProgramsResponse } from '@academy/contracts';

/** Admin Programs: every program by name, with its subject and enrollment counts. */
export class ListPrograms extends Query<ProgramsResponse> {}
