import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { Submission, SubmitWorkRequest } from '@academy/contracts';

/** Student Weekly Lessons, 'Submit Task' / 'Submit Capstone': an attempt of the caller, on their own stream. */
export class SubmitWork extends Command<{ submission: Submission; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: SubmitWorkRequest,
  ) {
    super();
  }
}
