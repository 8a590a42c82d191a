import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ZodError } from 'zod';
import { ConcurrencyError, DomainError, EventIdConflictError, isDatabaseUnavailable, SubjectErasedError, UnstorableEventError } from '@academy/event-store';

/** Field path → messages, e.g. { "email": ["Invalid email address"] }; "" for the whole body. */
export type FieldErrors = Record<string, string[]>;

export function fieldErrors(error: ZodError): FieldErrors {
  // No prototype: a field named __proto__ is a field like any other, not Object.prototype (was a 500).
  const out: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const DOMAIN_STATUS: Record<DomainError['kind'], number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, gone: 410 };

/**
 * One error shape for every endpoint: { statusCode, error, message, fields? }. Validation failures
 * are 400 with field messages; unknown errors are 500 without internals (they are logged instead).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof ZodError) {
      res.status(HttpStatus.BAD_REQUEST).json({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Some fields are not valid',
        fields: fieldErrors(exception),
      });
      return;
    }
    if (exception instanceof ConcurrencyError) {
      // Optimistic concurrency (ARCHITECTURE.md §4): someone else's change came first; nothing was written.
      res.status(HttpStatus.CONFLICT).json({
        statusCode: 409,
        error: 'Conflict',
        message: 'This was changed by someone else at the same time. Reload to see the latest version, then try again.',
        currentVersion: exception.actualVersion,
      });
      return;
    }
    if (exception instanceof EventIdConflictError) {
      res.status(HttpStatus.CONFLICT).json({ statusCode: 409, error: 'Conflict', message: 'This request was already made with different content.' });
      return;
    }
    if (exception instanceof UnstorableEventError) {
      // The event store's last line of defence caught text the request check did not (a value made on
      // the server from the input): still the client's input, so 400, and nothing was written.
      this.log.warn(exception.message);
      res.status(HttpStatus.BAD_REQUEST).json({ statusCode: 400, error: 'Bad Request', message: 'Some of the text contains characters that are not allowed.' });
      return;
    }
    if (exception instanceof SubjectErasedError) {
      res.status(HttpStatus.GONE).json({ statusCode: 410, error: 'Gone', message: "This person's data has been erased." });
      return;
    }
    if (exception instanceof DomainError) {
      const status = DOMAIN_STATUS[exception.kind];
      res.status(status).json({
        statusCode: status,
        error: HttpStatus[status],
        message: exception.message,
        ...(exception.fields ? { fields: exception.fields } : {}),
      });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const message = typeof body === 'string' ? body : ((body as { message?: unknown }).message ?? exception.message);
      const extra = typeof body === 'object' && body ? (body as Record<string, unknown>) : {};
      // Rate limits (429) tell the client when to come back.
      if (typeof extra.retryAfter === 'number') res.setHeader('Retry-After', String(extra.retryAfter));
      res.status(status).json({ ...extra, statusCode: status, error: HttpStatus[status] ?? 'Error', message });
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      // Postgres is restarting or failing over: an outage to wait out, not a bug (one line, no stack).
      this.log.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
      res.setHeader('Retry-After', '5');
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ statusCode: 503, error: 'Service Unavailable', message: 'The academy cannot reach its database right now. Please try again in a moment.' });
      return;
    }
    this.log.error(exception instanceof Error ? exception.stack : String(exception));
    res.status(500).json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
  }
}
