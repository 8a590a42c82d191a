import { describe, expect, it } from '@jest/globals';
import { type ArgumentsHost, ForbiddenException, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { ZodError } from 'zod';
import { API_ERROR_CODES, IDENTITY_MESSAGES } from '@academy/contracts';
import { ConcurrencyError, DomainError, EventIdConflictError, SubjectErasedError, UnstorableEventError } from '@academy/event-store';
import { NOT_SIGNED_IN } from '../auth/jwt-auth.guard.js';
import { FORBIDDEN } from '../auth/roles.guard.js';
import { ApiExceptionFilter } from './exception.filter.js';
import { ERROR_ANSWERS, type ErrorStatus } from './openapi/error-answers.js';
import { TooManyRequestsException } from './rate-limiter.js';

/** What the filter answers for `exception` (an HTTP host around a recording response). */
function answer(exception: unknown): { status: number; body: unknown } {
  const out: { status: number; body: unknown } = { status: 0, body: undefined };
  const res = {
    status(code: number) {
      out.status = code;
      return res;
    },
    json(body: unknown) {
      out.body = JSON.parse(JSON.stringify(body));
      return res;
    },
    setHeader() {},
  };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({}) }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  return out;
}

describe('ApiExceptionFilter and the text rule (issue 13)', () => {
  it("answers the event store's UnstorableEventError with a 400, never a 500", () => {
    const res = answer(new UnstorableEventError('program-1', 'ProgramCreated', 'data.name', 'Contains characters that are not allowed'));
    expect(res).toEqual({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Some of the text contains characters that are not allowed.' } });
  });

  it('answers field messages for a field named __proto__ (was a 500: the messages went to Object.prototype)', () => {
    const res = answer(new ZodError([{ code: 'custom', path: ['__proto__'], message: 'This field name is not allowed', input: undefined }]));
    expect(res.status).toBe(400);
    // Read raw: parsing rebuilds the record, and a rebuilt record never keeps a "__proto__" key.
    expect(res.body).toHaveProperty('fields', JSON.parse('{"__proto__":["This field name is not allowed"]}'));
  });
});

describe('the error answers /api/docs describes (error-answers.ts) are what the filter writes', () => {
  // strict: the document may not leave out a field the filter writes, nor name one it does not.
  const exactly = (status: ErrorStatus) => ERROR_ANSWERS[status].schema.strict();

  it.each<[ErrorStatus, unknown]>([
    [400, new ZodError([{ code: 'custom', path: ['email'], message: 'Invalid email address', input: undefined }])],
    [400, new UnstorableEventError('program-1', 'ProgramCreated', 'data.name', 'Contains characters that are not allowed')],
    [400, new DomainError('invalid', 'Choose a week', { week: ['Choose a week'] })],
    [401, new UnauthorizedException(NOT_SIGNED_IN)],
    [403, new ForbiddenException(FORBIDDEN)],
    [403, new ForbiddenException({ message: IDENTITY_MESSAGES.profileIncomplete, code: API_ERROR_CODES.profileIncomplete })],
    [404, new DomainError('not_found', 'This program does not exist.')],
    [409, new ConcurrencyError('program-1', 3, 4)],
    [409, new EventIdConflictError('program-1', ['event-1'])],
    [409, new DomainError('conflict', 'This program still has subjects.')],
    [410, new SubjectErasedError('person-1')],
    [429, new TooManyRequestsException(300)],
    [503, new ServiceUnavailableException({ message: 'The catalog screen is failing.', position: 42, failing: [{ projection: 'catalog', position: 41 }] })],
    [503, Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ])('%i: %p', (status, exception) => {
    const res = answer(exception);
    expect(res.status).toBe(status);
    expect(exactly(status).safeParse(res.body).error?.issues ?? []).toEqual([]);
  });

  it('the examples in the document are answers of that shape too', () => {
    for (const [status, e] of Object.entries(ERROR_ANSWERS)) {
      for (const example of Object.values(e.examples)) expect([status, exactly(Number(status) as ErrorStatus).safeParse(example).success]).toEqual([status, true]);
    }
  });
});
