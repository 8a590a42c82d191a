import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { Command } from '@nestjs/cqrs';
import type { Request } from 'express';
import { z } from 'zod';
import { type EventMetadata, MIN_POSITION_HEADER } from '@academy/event-store';
import { commandMetadata, type Principal } from '../event-sourcing/command-metadata.js';

/** Who sends a command and what its events will carry; the part of the request a handler may know. */
export interface CommandContext {
  /** null on public endpoints (sign-up, applications, quick contacts). */
  principal: Principal | null;
  metadata: EventMetadata;
  /**
   * The newest log position the caller has seen (X-Academy-Min-Position on the command, ADR 0015):
   * a check on a read model waits for it, not for the log's head.
   */
  seen?: number;
}

/**
 * A command of a caller with its parsed request body, the shape most command slices send:
 * `export class CreateProgram extends CallerCommand<ProgramRequest, { program: Program; position: number }> {}`.
 */
export abstract class CallerCommand<I, R> extends Command<R> {
  constructor(
    readonly caller: CommandContext,
    readonly input: I,
  ) {
    super();
  }
}

const position = z.coerce.number({ error: 'must be a position (a whole number ≥ 0)' }).int('must be a position (a whole number ≥ 0)').min(0, 'must be a position (a whole number ≥ 0)');

export function commandContext(req: Request & { principal?: Principal }): CommandContext {
  const raw = req.header(MIN_POSITION_HEADER);
  // A bad header is the caller's error: the filter maps the ZodError to a 400 naming the header.
  const seen = raw === undefined ? undefined : z.object({ [MIN_POSITION_HEADER]: position }).parse({ [MIN_POSITION_HEADER]: raw })[MIN_POSITION_HEADER];
  return { principal: req.principal ?? null, metadata: commandMetadata(req), seen };
}

/** The command context of the request: `@Caller() caller: CommandContext`. */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): CommandContext => commandContext(ctx.switchToHttp().getRequest()));

/** The signed-in principal of a command context, for handlers of endpoints that are never public. */
export function principalOf(context: CommandContext): Principal {
  if (!context.principal) throw new Error('this command needs a signed-in caller: its endpoint must not be @Public()');
  return context.principal;
}
