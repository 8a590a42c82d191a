// Read-your-writes over HTTP (ADR 0005): a command answers once the projections its screen reads
// have reached its position (200 + X-Academy-Position), or 202 past the bound; a query sent with
// X-Academy-Min-Position waits the same way before it reads. A projection marked failing (ADR
// 0010) answers 503 at once, naming it: waiting could only time out.
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, ServiceUnavailableException, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, type Observable, of, switchMap } from 'rxjs';
import { z } from 'zod';
import { commandAnswer, type ConsistencyResult, type ConsistencyWaiter, failingMessage, MIN_POSITION_HEADER } from '@academy/event-store';
import { CONSISTENCY_WAITER } from './tokens.js';

/** The body of a 202: the write is stored, these projections have not shown it yet. */
export interface PendingAnswer {
  position: number;
  pending: string[];
}

/** 503 naming the failing projections; the write itself is stored (its position is in the body and header). */
function failingAnswer(result: ConsistencyResult): ServiceUnavailableException {
  return new ServiceUnavailableException({
    message: failingMessage(result),
    position: result.position,
    failing: (result.failing ?? []).map((f) => ({ projection: f.name, position: f.position })),
  });
}

@Injectable()
export class CommandResponder {
  constructor(@Inject(CONSISTENCY_WAITER) private readonly waiter: ConsistencyWaiter) {}

  /**
   * Waits until `projections` reached `position`, then sets the status and headers on `res` and
   * returns what to send: `body`, or a PendingAnswer with status 202 when the bound passed.
   * Use with `@Res({ passthrough: true })`.
   */
  async answer<T>(res: Response, projections: readonly string[], position: number, body: T | (() => T | Promise<T>), timeoutMs?: number): Promise<T | PendingAnswer> {
    const result = projections.length && position > 0 ? await this.waiter.wait([...projections], position, timeoutMs) : { reached: true, position, behind: [], waitedMs: 0 };
    const { status, headers } = commandAnswer(result);
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    // A body given as a function is built only once the projections show the write (it may read them).
    if (status === 200) return typeof body === 'function' ? (body as () => T | Promise<T>)() : body;
    if (status === 503) throw failingAnswer(result);
    res.status(202);
    return { position, pending: result.behind.map((b) => b.name) };
  }
}

const READS = 'academy:reads-projections';
/** Marks a query endpoint with the projections it reads, so X-Academy-Min-Position can be honoured. */
export const ReadsProjections = (...names: string[]) => SetMetadata(READS, names);

const minPosition = z.coerce.number({ error: 'must be a position (a whole number ≥ 0)' }).int('must be a position (a whole number ≥ 0)').min(0, 'must be a position (a whole number ≥ 0)');

@Injectable()
export class MinPositionInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(CONSISTENCY_WAITER) private readonly waiter: ConsistencyWaiter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const names = this.reflector.getAllAndOverride<string[] | undefined>(READS, [context.getHandler(), context.getClass()]);
    const req = context.switchToHttp().getRequest<Request>();
    const raw = req.header(MIN_POSITION_HEADER);
    if (!names?.length || raw === undefined) return next.handle();
    // A bad header is the caller's error: the filter maps the ZodError to a 400 naming the header.
    const position = z.object({ [MIN_POSITION_HEADER]: minPosition }).parse({ [MIN_POSITION_HEADER]: raw })[MIN_POSITION_HEADER];
    return from(this.waiter.wait(names, position)).pipe(
      switchMap((result) => {
        if (result.reached) return next.handle();
        const res = context.switchToHttp().getResponse<Response>();
        const { status, headers } = commandAnswer(result);
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        if (status === 503) throw failingAnswer(result);
        res.status(202);
        return of<PendingAnswer>({ position, pending: result.behind.map((b) => b.name) });
      }),
    );
  }
}
