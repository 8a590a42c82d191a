import type { ZodType } from 'zod';
import type { ErrorStatus } from './error-answers.js';

// The response side of an endpoint's contract, next to the route it describes. The request side needs
// no decorator: openapi-document.ts reads the ZodValidationPipe already on @Body()/@Query()/@Param().

export const API_ANSWERS = 'academy:api-answers';
export const API_REFUSALS = 'academy:api-refusals';
export const API_BODY = 'academy:api-body';
export const API_REFRESH_COOKIE = 'academy:api-refresh-cookie';
export const API_REQUEST_EXAMPLE = 'academy:api-request-example';
export const API_TAG = 'academy:api-tag';

/** On a Nest module: the OpenAPI tag of every route its controllers map, and what the tag covers. */
export const ApiTag = (name: string, description: string): ClassDecorator => (target) => Reflect.defineMetadata(API_TAG, { name, description }, target);

/** A success answer: JSON of a libs/contracts schema, another content type (CSV, SVG), or none (204). */
export interface AnswerDoc {
  status: number;
  schema?: ZodType;
  /** Defaults to application/json when there is a schema. */
  contentType?: string;
  description?: string;
  example?: unknown;
  /** Dispatch.command answers: 202 { position, pending } once the consistency bound passes (ADR 0005). */
  command?: boolean;
}

/** The error statuses an endpoint can answer beyond the derived ones (400 input, 401, 403, 404 ids, 409 commands). */
export type RefusalStatus = ErrorStatus;

type AnswerOptions = Pick<AnswerDoc, 'contentType' | 'description' | 'example'>;

function append<T>(key: string, value: T): MethodDecorator {
  return (_target, _name, descriptor) => {
    const handler = descriptor.value as object;
    Reflect.defineMetadata(key, [...((Reflect.getMetadata(key, handler) as T[] | undefined) ?? []), value], handler);
    return descriptor;
  };
}

/** Documents a success answer of a query or other non-command endpoint (repeatable, one per status). */
export const Answers = (status: number, schema?: ZodType, options: AnswerOptions = {}): MethodDecorator => append<AnswerDoc>(API_ANSWERS, { status, schema, ...options });

/**
 * Documents the answer of an endpoint that goes through Dispatch.command: `status` with `schema`
 * once its projections show the write, else 202 { position, pending }; and 409 (someone else's
 * change came first).
 */
export const CommandAnswers = (status: number, schema?: ZodType, options: AnswerOptions = {}): MethodDecorator =>
  append<AnswerDoc>(API_ANSWERS, { status, schema, command: true, ...options });

/** Error statuses this endpoint answers that cannot be derived from its metadata (e.g. 429 when it rate-limits). */
export const Refuses = (...statuses: RefusalStatus[]): MethodDecorator => append<RefusalStatus[]>(API_REFUSALS, statuses);

/** The request body's contract when something other than a ZodValidationPipe parses it (e.g. a passport guard). */
export const DocumentedBody = (schema: ZodType): MethodDecorator => append<ZodType>(API_BODY, schema);

/** The endpoint reads the refresh-token cookie (its security scheme); `optional`: it also answers without one. */
export const ReadsRefreshCookie = (options: { optional?: boolean } = {}): MethodDecorator => append(API_REFRESH_COOKIE, { optional: options.optional ?? false });

/** An example request body for /api/docs (it must pass the body's contract: the OpenAPI test parses it). */
export const RequestExample = (example: unknown): MethodDecorator => append(API_REQUEST_EXAMPLE, example);
