import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { VerificationRequest } from '@academy/contracts';

/** Verify the whole chain (optionally through a signed checkpoint) as a job; answers the request's id. */
export class RequestVerification extends Command<{ id: string; position: number }> {
  constructor(
    readonly caller: CommandContext,
    readonly input: VerificationRequest,
  ) {
    super();
  }
}
