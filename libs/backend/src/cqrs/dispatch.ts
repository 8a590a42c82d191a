import { Inject, Injectable } from '@nestjs/common';
import { type Command, CommandBus, type Query, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { CommandResponder, type PendingAnswer } from '../event-sourcing/read-your-writes.js';

/** What every command handler returns: its value and the log position its screen waits for. */
export interface Handled {
  position: number;
}

/**
 * The controllers' one way into a context (ARCHITECTURE.md §2, ADR 0015): a command goes on the
 * CommandBus and its answer waits for the screen's projections (ADR 0005); a query goes on the
 * QueryBus. Controllers parse with their contract, dispatch and answer; nothing else.
 */
@Injectable()
export class Dispatch {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly responder: CommandResponder,
  ) {}

  /**
   * Sends `command`; once `projections` show its position, answers `answer(result)`, which may read
   * them (e.g. `this.query(new GetProgram(result.programId))`); 202 past the bound, without reading.
   */
  async command<R extends Handled, B>(res: Response, command: Command<R>, projections: readonly string[], answer: (result: R) => B | Promise<B>, timeoutMs?: number): Promise<B | PendingAnswer> {
    const result = await this.commands.execute(command);
    return this.responder.answer(res, projections, result.position, () => answer(result), timeoutMs);
  }

  /** Sends `command` and returns its result as is (for answers that are not a screen's read: cookies, files). */
  execute<R>(command: Command<R>): Promise<R> {
    return this.commands.execute(command);
  }

  query<R>(query: Query<R>): Promise<R> {
    return this.queries.execute(query);
  }
}

/**
 * What every HTTP controller of a context is: an endpoint that parses with its contract and hands the
 * message to `dispatch`, nothing else. The dispatcher is injected into the property, so a controller
 * declares no constructor of its own.
 */
export abstract class DispatchingController {
  @Inject(Dispatch) protected readonly dispatch!: Dispatch;
}
