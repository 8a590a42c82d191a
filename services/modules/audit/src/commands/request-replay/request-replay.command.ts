import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';

/** Replay every projection into a scratch schema and compare it with the live tables, as a job; answers the request's id. */
export class RequestReplay extends Command<{ id: string; position: number }> {
  constructor(readonly caller: CommandContext) {
    super();
  }
}
