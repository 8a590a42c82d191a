import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { ReplyRequest } from '@academy/contracts';

/** The student's submission view, the teacher's grading dialog: reply under the feedback (issue 30 §3). */
export class ReplyToSubmission extends Command<{ position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly submissionId: string,
    readonly input: ReplyRequest,
  ) {
    super();
  }
}
