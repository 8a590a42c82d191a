import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { GradeSubmissionRequest } from '@academy/contracts';

/** Teacher Submissions, the grading dialog: grade (or regrade) the latest attempt of a submission. */
export class GradeSubmission extends Command<{ submissionId: string; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly submissionId: string,
    readonly input: GradeSubmissionRequest,
  ) {
    super();
  }
}
