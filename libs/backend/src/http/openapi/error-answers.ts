import { z } from 'zod';
import { API_ERROR_CODES, apiErrorSchema, IDENTITY_MESSAGES } from '@academy/contracts';
import { NOT_SIGNED_IN } from '../../auth/jwt-auth.guard.js';
import { FORBIDDEN } from '../../auth/roles.guard.js';
import { TOO_MANY_ATTEMPTS } from '../rate-limiter.js';

// The error answers exactly as ApiExceptionFilter (exception.filter.ts) writes them, for the OpenAPI
// document; exception.filter.unit.spec.ts parses the filter's real answers with these schemas.

// `error` is spelled two ways today: the filter's own answers (validation, concurrency, erased, database)
// write the reason phrase ('Bad Request'), DomainErrors and Nest's HttpExceptions the HttpStatus name ('BAD_REQUEST').
const status = (statusCode: number, ...error: [string, ...string[]]) => apiErrorSchema.extend({ statusCode: z.literal(statusCode), error: z.enum(error) });

export const ERROR_ANSWERS = {
  400: {
    name: 'BadRequest',
    description: 'The input is not valid: `fields` maps each field path ("" for the whole body) to its messages. Nothing was written.',
    schema: status(400, 'Bad Request', 'BAD_REQUEST'),
    examples: {
      fields: { statusCode: 400, error: 'Bad Request', message: 'Some fields are not valid', fields: { email: ['Invalid email address'] } },
      text: { statusCode: 400, error: 'Bad Request', message: 'Some of the text contains characters that are not allowed.' },
    },
  },
  401: {
    name: 'NotSignedIn',
    description: 'No valid access token (or, for /auth/refresh, no live refresh cookie).',
    schema: status(401, 'UNAUTHORIZED'),
    examples: { notSignedIn: { statusCode: 401, error: 'UNAUTHORIZED', message: NOT_SIGNED_IN } },
  },
  403: {
    name: 'Forbidden',
    description: "The caller's role may not do this, or (code PROFILE_INCOMPLETE) a student has not completed the first-login profile yet.",
    schema: status(403, 'FORBIDDEN'),
    examples: {
      role: { statusCode: 403, error: 'FORBIDDEN', message: FORBIDDEN },
      profileIncomplete: { statusCode: 403, error: 'FORBIDDEN', message: IDENTITY_MESSAGES.profileIncomplete, code: API_ERROR_CODES.profileIncomplete },
    },
  },
  404: {
    name: 'NotFound',
    description: 'Nothing with this id that the caller may see.',
    schema: status(404, 'NOT_FOUND'),
    examples: { notFound: { statusCode: 404, error: 'NOT_FOUND', message: 'This program does not exist.' } },
  },
  409: {
    name: 'Conflict',
    description: 'Someone else changed it first (currentVersion: the version now stored), the same request id came with other content, or a rule of the domain refuses it now. Nothing was written.',
    schema: status(409, 'Conflict', 'CONFLICT').extend({ currentVersion: z.number().int().optional() }),
    examples: {
      concurrency: {
        statusCode: 409,
        error: 'Conflict',
        message: 'This was changed by someone else at the same time. Reload to see the latest version, then try again.',
        currentVersion: 4,
      },
    },
  },
  410: {
    name: 'Gone',
    description: "The person's data has been erased.",
    schema: status(410, 'Gone'),
    examples: { erased: { statusCode: 410, error: 'Gone', message: "This person's data has been erased." } },
  },
  429: {
    name: 'TooManyRequests',
    description: 'A rate limit refused the call; come back after Retry-After seconds (also in the body as retryAfter).',
    schema: status(429, 'TOO_MANY_REQUESTS').extend({ retryAfter: z.number().int().positive() }),
    examples: { limited: { statusCode: 429, message: TOO_MANY_ATTEMPTS, error: 'TOO_MANY_REQUESTS', retryAfter: 300 } },
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database cannot be reached (Retry-After: 5), or a projection this answer waits for is failing (the write itself is stored: position).',
    schema: status(503, 'Service Unavailable', 'SERVICE_UNAVAILABLE').extend({
      position: z.number().int().optional(),
      failing: z.array(z.object({ projection: z.string(), position: z.number().int() })).optional(),
    }),
    examples: {
      database: { statusCode: 503, error: 'Service Unavailable', message: 'The academy cannot reach its database right now. Please try again in a moment.' },
    },
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_ANSWERS;

/** 202 of a command whose projections had not shown the write within the bound (read-your-writes.ts PendingAnswer). */
export const pendingAnswerSchema = z.object({
  position: z.number().int().describe('Log position of the stored write; send it as X-Academy-Min-Position to read it.'),
  pending: z.array(z.string()).describe('The projections that had not shown it yet.'),
});
