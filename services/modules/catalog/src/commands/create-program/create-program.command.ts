import { CallerCommand } from '@academy/backend';
import type { Program, programRequestSchema } from '@academy/contracts';

/** Admin Programs, add (spec §2, §5). */
export class CreateProgram extends CallerCommand<ReturnType<typeof programRequestSchema.parse>, { program: Program; position: number }> {}
