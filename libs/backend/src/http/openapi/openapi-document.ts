import 'reflect-metadata';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { z, type ZodType } from 'zod';
import * as contracts from '@academy/contracts';
import { ALLOW_INCOMPLETE_PROFILE, IS_PUBLIC, ROLES } from '../../auth/auth.decorators.js';
import { ZodValidationPipe } from '../zod-validation.pipe.js';
import { API_ANSWERS, API_BODY, API_REFRESH_COOKIE, API_REFUSALS, API_REQUEST_EXAMPLE, API_TAG, type AnswerDoc } from './api-doc.decorators.js';
import { ERROR_ANSWERS, type ErrorStatus, pendingAnswerSchema } from './error-answers.js';

// @nestjs/swagger exports only the document's type; its parts are plain JSON here.
type SchemaObject = Record<string, unknown>;
type OperationObject = Record<string, unknown>;
type ParameterObject = Record<string, unknown>;
type ResponseObject = Record<string, unknown>;

/** One route the application maps, with what its metadata says about its contract. */
export interface ApiRoute {
  /** Lower case, as in an OpenAPI path item: get, post, put, patch, delete. */
  method: string;
  /** Nest's form, with the prefix: /api/weeks/:weekId/tasks/:taskId. */
  path: string;
  controller: string;
  handler: string;
  /** The @ApiTag of the Nest module that declares the controller. */
  tag: { name: string; description: string } | null;
  isPublic: boolean;
  roles: string[] | null;
  allowIncompleteProfile: boolean;
  /** What Nest answers on success: @HttpCode, else 201 for POST and 200 otherwise. */
  status: number;
  body: ZodType | null;
  /** @RequestExample's body, if any. */
  bodyExample: unknown;
  query: ZodType | null;
  params: Record<string, ZodType | null>;
  answers: AnswerDoc[];
  refusals: ErrorStatus[];
  refreshCookie: { optional: boolean } | null;
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

const meta = <T>(key: string, ...targets: object[]): T | undefined => targets.map((t) => Reflect.getMetadata(key, t) as T | undefined).find((v) => v !== undefined);
const joinPath = (...parts: string[]) => `/${parts.filter(Boolean).join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');

/** The zod schema of the ZodValidationPipe on a handler's @Body()/@Query()/@Param(name) argument. */
function pipeSchemas(ctrl: object, handler: string): { type: RouteParamtypes; data: string | undefined; schema: ZodType }[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, ctrl, handler) ?? {}) as Record<string, { data?: unknown; pipes?: unknown[] }>;
  return Object.entries(args).flatMap(([key, arg]) =>
    (arg.pipes ?? [])
      .filter((p): p is ZodValidationPipe<unknown> => p instanceof ZodValidationPipe)
      .map((p) => ({ type: Number(key.split(':')[0]) as RouteParamtypes, data: typeof arg.data === 'string' ? arg.data : undefined, schema: (p as unknown as { schema: ZodType }).schema })),
  );
}

/** Every route of the application's controllers, from the same metadata Nest maps them by. */
export function apiRoutes(app: INestApplication, prefix: string): ApiRoute[] {
  const out: ApiRoute[] = [];
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    const tag = meta<ApiRoute['tag']>(API_TAG, module.metatype) ?? null;
    for (const wrapper of module.controllers.values()) {
      const ctrl = wrapper.metatype as (new (...a: unknown[]) => unknown) | null;
      if (!ctrl) continue;
      const bases = [meta<string | string[]>(PATH_METADATA, ctrl) ?? ''].flat();
      // Nest's own scan: the class's methods and those it inherits (a route shared through a base class).
      for (const handler of scanner.getAllMethodNames(ctrl.prototype)) {
        const fn = (ctrl.prototype as Record<string, unknown>)[handler];
        if (typeof fn !== 'function') continue;
        const method = METHODS[meta<RequestMethod>(METHOD_METADATA, fn) as RequestMethod];
        const subs = meta<string | string[]>(PATH_METADATA, fn);
        if (!method || subs === undefined) continue;
        const pipes = pipeSchemas(ctrl, handler);
        const only = (type: RouteParamtypes) => pipes.find((p) => p.type === type && p.data === undefined)?.schema ?? null;
        for (const base of bases) {
          for (const sub of [subs].flat()) {
            const path = joinPath(prefix, base, sub);
            out.push({
              method,
              path,
              controller: ctrl.name,
              handler,
              tag,
              isPublic: Boolean(meta(IS_PUBLIC, fn, ctrl)),
              roles: meta<string[]>(ROLES, fn, ctrl) ?? null,
              allowIncompleteProfile: Boolean(meta(ALLOW_INCOMPLETE_PROFILE, fn, ctrl)),
              status: meta<number>(HTTP_CODE_METADATA, fn) ?? (method === 'post' ? 201 : 200),
              body: only(RouteParamtypes.BODY) ?? meta<ZodType[]>(API_BODY, fn)?.[0] ?? null,
              bodyExample: meta<unknown[]>(API_REQUEST_EXAMPLE, fn)?.[0],
              query: only(RouteParamtypes.QUERY),
              params: Object.fromEntries(
                [...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, pipes.find((p) => p.type === RouteParamtypes.PARAM && p.data === name)?.schema ?? null]),
              ),
              answers: meta<AnswerDoc[]>(API_ANSWERS, fn) ?? [],
              refusals: (meta<ErrorStatus[][]>(API_REFUSALS, fn) ?? []).flat(),
              refreshCookie: meta<{ optional: boolean }[]>(API_REFRESH_COOKIE, fn)?.[0] ?? null,
            });
          }
        }
      }
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** libs/contracts' exported schemas by identity, named for components.schemas (programResponseSchema → ProgramResponse). */
const CONTRACT_NAMES = new Map<unknown, string>(
  Object.entries(contracts)
    .filter(([name, value]) => name.endsWith('Schema') && value instanceof z.ZodType)
    .map(([name, value]) => [value, name[0].toUpperCase() + name.slice(1, -'Schema'.length)]),
);

type Io = 'input' | 'output';

/** Turns zod schemas into JSON Schema (2020-12, what OpenAPI 3.1 uses); named contracts go to components.schemas once. */
class SchemaComponents {
  readonly schemas: Record<string, SchemaObject> = {};

  constructor(private readonly names: Map<unknown, string>) {}

  /** `io`: a request is described as it may be sent (defaults optional), an answer as it is sent. */
  ref(schema: ZodType, io: Io): SchemaObject {
    const json = SchemaComponents.convert(schema, io);
    const name = this.names.get(schema);
    if (!name) return json;
    // The same contract may read differently as input and output (a default makes a field optional).
    for (const candidate of [name, `${name}${io === 'input' ? 'Input' : 'Output'}`]) {
      const existing = this.schemas[candidate];
      if (!existing) this.schemas[candidate] = json;
      if (!existing || JSON.stringify(existing) === JSON.stringify(json)) return { $ref: `#/components/schemas/${candidate}` } as SchemaObject;
    }
    throw new Error(`OpenAPI: ${name} has two different ${io} shapes`);
  }

  static convert(schema: ZodType, io: Io): SchemaObject {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
    delete json.$schema;
    if (json.$defs || JSON.stringify(json).includes('"$ref":"#"')) throw new Error('OpenAPI: a recursive contract needs components of its own');
    return SchemaComponents.spellOutEnumRecords(json) as SchemaObject;
  }

  /**
   * z.record(z.enum([...]), v) becomes { required: [keys], additionalProperties: v } with no
   * properties; validators read that as requiring undefined properties, so each key is spelled out.
   */
  private static spellOutEnumRecords(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((n) => SchemaComponents.spellOutEnumRecords(n));
    if (!node || typeof node !== 'object') return node;
    const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, SchemaComponents.spellOutEnumRecords(v)])) as Record<string, unknown>;
    // Array.isArray: inside `properties`, a field may itself be named "required".
    const required = Array.isArray(out.required) ? (out.required as string[]) : undefined;
    const properties = (out.properties ?? {}) as Record<string, unknown>;
    if (required && typeof out.additionalProperties === 'object' && required.some((k) => !(k in properties))) {
      out.properties = { ...Object.fromEntries(required.map((k) => [k, out.additionalProperties])), ...properties };
    }
    return out;
  }
}

const humanize = (name: string) => {
  const words = name.replace(/Controller$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0].toUpperCase() + words.slice(1);
};

function operation(route: ApiRoute, sameController: number, components: SchemaComponents): OperationObject {
  const parameters: ParameterObject[] = Object.entries(route.params).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    schema: schema ? components.ref(schema, 'input') : { type: 'string' },
  }));
  if (route.query) {
    const json = SchemaComponents.convert(route.query, 'input') as { properties?: Record<string, SchemaObject>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      parameters.push({ name, in: 'query', required: json.required?.includes(name) ?? false, schema, ...(schema.description ? { description: schema.description } : {}) });
    }
  }

  const responses: Record<string, ResponseObject | { $ref: string }> = {};
  for (const answer of route.answers) {
    const contentType = answer.contentType ?? (answer.schema ? 'application/json' : undefined);
    responses[String(answer.status)] = {
      description: answer.description ?? (answer.status === 204 ? 'Done; no content.' : 'Done.'),
      ...(contentType
        ? {
            content: {
              [contentType]: {
                schema: answer.schema ? components.ref(answer.schema, 'output') : { type: 'string' },
                ...(answer.example !== undefined ? { example: answer.example } : {}),
              },
            },
          }
        : {}),
    };
    if (answer.command && !route.answers.some((a) => a.status === 202)) {
      responses['202'] = {
        description: "Stored, but the screen's projections had not shown it within the bound: read again with X-Academy-Min-Position: position.",
        content: { 'application/json': { schema: components.ref(pendingAnswerSchema, 'output'), example: { position: 1234, pending: ['catalog'] } } },
      };
    }
  }
  // The errors the platform answers for this route (exception.filter.ts), derived from its metadata where they can be.
  const errors = new Set<ErrorStatus>(route.refusals);
  if (route.body || route.query || Object.values(route.params).some(Boolean)) errors.add(400);
  if (!route.isPublic) errors.add(401);
  if (!route.isPublic && (route.roles?.length || !route.allowIncompleteProfile)) errors.add(403);
  if (Object.keys(route.params).length) errors.add(404);
  // A command's answer waits for its projections: 409 when someone else's change came first, 503 when one is failing.
  if (route.answers.some((a) => a.command)) [409, 503].forEach((s) => errors.add(s as ErrorStatus));
  for (const status of [...errors].sort((a, b) => a - b)) responses[String(status)] = { $ref: `#/components/responses/${ERROR_ANSWERS[status].name}` };

  const security = route.refreshCookie ? [{ refreshCookie: [] }, ...(route.refreshCookie.optional ? [{}] : [])] : route.isPublic ? [] : [{ bearer: [] }];
  const who = route.isPublic ? 'Public.' : route.roles?.length ? `Roles: ${route.roles.join(', ')}.` : 'Any signed-in user.';
  return {
    operationId: `${route.controller.replace(/Controller$/, '')}_${route.handler}`,
    summary: sameController > 1 ? `${humanize(route.controller)}: ${humanize(route.handler).toLowerCase()}` : humanize(route.controller),
    description: who,
    tags: route.tag ? [route.tag.name] : [],
    security,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: components.ref(route.body, 'input'), ...(route.bodyExample !== undefined ? { example: route.bodyExample } : {}) } },
          },
        } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of every route the application maps: request bodies, query and path
 * parameters from the routes' ZodValidationPipes, answers from @Answers/@CommandAnswers, error answers
 * from the exception filter's shapes, security per route from @Public/@Roles/@ReadsRefreshCookie, tags from
 * the @ApiTag of the module that declares the route's controller. `base` is the document's head (title,
 * servers, security schemes): the API builds it with @nestjs/swagger, which only the API loads.
 */
export function openApiDocument(app: INestApplication, prefix: string, base: Omit<OpenAPIObject, 'paths'>): OpenAPIObject {
  const routes = apiRoutes(app, prefix);
  const components = new SchemaComponents(
    new Map([...CONTRACT_NAMES, ...Object.values(ERROR_ANSWERS).map((e) => [e.schema, `${e.name}Error`] as const), [pendingAnswerSchema, 'PendingAnswer']]),
  );
  const perController = new Map<string, number>();
  for (const r of routes) perController.set(r.controller, (perController.get(r.controller) ?? 0) + 1);
  const paths: Record<string, Record<string, OperationObject>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const item = (paths[path] ??= {});
    if (item[route.method]) throw new Error(`OpenAPI: ${route.method.toUpperCase()} ${route.path} is mapped twice`);
    item[route.method] = operation(route, perController.get(route.controller) ?? 1, components);
  }
  const tags = [...new Map(routes.flatMap((r) => (r.tag ? [[r.tag.name, r.tag] as const] : []))).values()].sort((a, b) => a.name.localeCompare(b.name));
  const errorResponses = Object.fromEntries(
      Object.values(ERROR_ANSWERS).map((e) => [
        e.name,
        {
          description: e.description,
          ...(e.name === 'TooManyRequests' || e.name === 'ServiceUnavailable'
            ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } } }
            : {}),
          content: {
            'application/json': {
              schema: components.ref(e.schema, 'output'),
              examples: Object.fromEntries(Object.entries(e.examples).map(([k, value]) => [k, { value }])),
            },
          },
        },
      ]),
  );
  return { ...base, paths, tags, components: { ...base.components, schemas: components.schemas, responses: errorResponses } } as OpenAPIObject;
}
