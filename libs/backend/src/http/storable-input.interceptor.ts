import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { ZodError } from 'zod';
import { findUnstorable } from '@academy/contracts';

/**
 * The text rule of libs/contracts (text.ts) over EVERY request, whatever its schema says: any string
 * or object key of the body, query or path that PostgreSQL cannot hold (NUL, lone surrogates, control
 * characters) or that could pollute a prototype ends the request with the usual 400 and field
 * messages, before a pipe or handler sees it. A schema that still has a bare z.string() cannot let
 * one through; text() in the schemas gives the browser forms the same message inline.
 */
@Injectable()
export class StorableInputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') assertStorableInput(context.switchToHttp().getRequest<Request>());
    return next.handle();
  }
}

/** The interceptor's check, for a guard that reads the body before interceptors run (the sign-in guard). */
export function assertStorableInput(req: Request): void {
  const places = [...findUnstorable(req.params), ...findUnstorable(req.query), ...findUnstorable(req.body)];
  if (places.length > 0) throw new ZodError(places.map((p) => ({ code: 'custom', path: p.path, message: p.message, input: undefined })));
}
