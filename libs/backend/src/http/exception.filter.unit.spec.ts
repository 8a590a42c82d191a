import { describe, expect, it } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { ZodError } from 'zod';
import { UnstorableEventError } from '@academy/event-store';
import { ApiExceptionFilter } from './exception.filter.js';

/** What the filter answers for `exception` (an HTTP host around a recording response). */
function answer(exception: unknown): { status: number; body: any } {
  const out = { status: 0, body: undefined as any };
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
    expect(Object.entries(res.body.fields)).toEqual([['__proto__', ['This field name is not allowed']]]);
  });
});
