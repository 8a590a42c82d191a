// The OpenAPI document (issue 19 §4): the API's own AppModule booted in-process over a real Postgres
// and Redis, /api/docs mounted as bootstrap.ts mounts it; the served openapi.json is linted with
// Redocly's OpenAPI validator (0 errors) and compared with the routes Express really serves.
import 'reflect-metadata';
import { z } from 'zod';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import { apiRoutes, applyHttpPlatform, loadConfig, migrateUp, MikroORM, ormOptions } from '@academy/backend';
import { identitySessionMigrations } from '@academy/identity';
import { auditMigrations } from '@academy/audit';
import { createTestDatabase, type TestDatabase, testRedisUrl, uniquePrefix } from '@academy/testing';
import { AppModule } from '../src/app.module.js';
import { mountApiDocs, OPENAPI_JSON_PATH } from '../src/api-docs/api-docs.js';

// What these checks read of the served document (Redocly checks the whole of it against OpenAPI 3.1).
const media = z.looseObject({ schema: z.unknown().optional() });
const answerSchema = z.looseObject({ $ref: z.string().optional(), content: z.record(z.string(), media).optional() });
const operationSchema = z.looseObject({
  requestBody: z.looseObject({ content: z.record(z.string(), media).optional() }).optional(),
  parameters: z.array(z.looseObject({ in: z.string(), name: z.string(), schema: z.unknown().optional() })).optional(),
  responses: z.record(z.string(), answerSchema).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
const documentSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  components: z.looseObject({ responses: z.record(z.string(), answerSchema), securitySchemes: z.record(z.string(), z.unknown()) }),
});
type Answer = z.output<typeof answerSchema>;

let db: TestDatabase;
let app: INestApplication;
let doc: z.output<typeof documentSchema>;

beforeAll(async () => {
  db = await createTestDatabase('openapi');
  const config = loadConfig({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    NODE_ENV: 'test',
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    JWT_SECRET: 'a-test-secret-of-the-openapi-document-test-0123456789',
    PUBLIC_URL: 'http://academy.test',
    QUEUE_PREFIX: uniquePrefix('openapi'),
  });
  process.env.ACADEMY_MASTER_KEY = config.ACADEMY_MASTER_KEY;
  const orm = await MikroORM.init(ormOptions(db.url));
  await migrateUp(orm, db.url, [identitySessionMigrations, auditMigrations]);
  await orm.close();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config, { shellDist: null, remotes: [] })] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  applyHttpPlatform(app);
  mountApiDocs(app);
  await app.listen(0, '127.0.0.1');
  const res = await fetch(`${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/${OPENAPI_JSON_PATH}`);
  expect(res.status).toBe(200);
  doc = documentSchema.parse(await res.json());
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

/** METHOD path of every route Express serves under /api, read from its router (not from Nest's metadata). */
function expressRoutes(): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
  return express.router.stack
    .flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`) : []))
    // {*all}: Nest's middleware mounts (every method), not endpoints; /api/docs: the document's own pages.
    .filter((r) => / \/api\//.test(r) && !r.includes('/api/docs') && !r.includes('{*'));
}

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));

/** An answer, or the shared one its $ref names (#/components/responses/<name>). */
const resolve = (node: Answer | undefined): Answer | undefined => {
  if (!node?.$ref) return node;
  const [, , kind, name] = node.$ref.split('/');
  return answerSchema.parse(z.record(z.string(), z.record(z.string(), z.unknown())).parse(doc.components)[kind]?.[name]);
};

describe('/api/docs: the OpenAPI document generated from the zod contracts', () => {
  it("has 0 errors from Redocly's OpenAPI 3.1 validator (recommended rules)", async () => {
    // operation-4xx-response off: public reads without input (health, manifest, catalogue, setup status) and sign-out have no 4xx to describe.
    const config = await createConfig({ extends: ['recommended'], rules: { 'operation-4xx-response': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    const warnings = problems.filter((p) => p.severity === 'warn').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(warnings).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('holds every route Express serves under /api, and at least 76 operations', () => {
    const served = expressRoutes().map((r) => r.replace(/:(\w+)/g, '{$1}'));
    const documented = operations().map((o) => o.key);
    expect(served.length).toBeGreaterThanOrEqual(76);
    expect(served.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !served.includes(r))).toEqual([]);
  });

  it('gives every operation its request schemas (body, query, path), success answers with schemas, error answers and security', () => {
    const byKey = new Map(apiRoutes(app, 'api').map((r) => [`${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`, r]));
    const gaps: string[] = [];
    for (const { key, op } of operations()) {
      const route = byKey.get(key);
      if (!route) {
        gaps.push(`${key}: not a Nest route`);
        continue;
      }
      // What the handler reads, from Nest's own argument metadata (a @Body()/@Query() without a schema is a gap).
      const args = Object.keys(Reflect.getMetadata(ROUTE_ARGS_METADATA, findController(route.controller), route.handler) ?? {});
      const reads = (type: RouteParamtypes) => args.some((k) => Number(k.split(':')[0]) === type);
      if (reads(RouteParamtypes.BODY) && !op.requestBody?.content?.['application/json']?.schema) gaps.push(`${key}: no request body schema`);
      if (reads(RouteParamtypes.QUERY) && !op.parameters?.some((p) => p.in === 'query' && p.schema)) gaps.push(`${key}: no query parameters`);
      for (const name of key.match(/\{(\w+)\}/g) ?? []) {
        if (!op.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === name && p.schema)) gaps.push(`${key}: no path parameter ${name}`);
      }
      const statuses = Object.keys(op.responses ?? {});
      const successes = statuses.filter((s) => s.startsWith('2'));
      if (!successes.length) gaps.push(`${key}: no success answer`);
      else if (!successes.includes(String(route.status))) gaps.push(`${key}: answers ${route.status} (@HttpCode), documents ${successes.join(', ')}`);
      for (const status of successes) {
        const content = resolve(op.responses?.[status])?.content;
        if (status !== '204' && !Object.values(content ?? {}).some((m) => m.schema)) gaps.push(`${key}: ${status} has no schema`);
      }
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        if (!resolve(op.responses?.[status])?.content?.['application/json']?.schema) gaps.push(`${key}: ${status} has no schema`);
      }
      if ((route.body || route.query) && !statuses.includes('400')) gaps.push(`${key}: no 400`);
      if (!route.isPublic && !(statuses.includes('401') && JSON.stringify(op.security) === JSON.stringify([{ bearer: [] }]))) gaps.push(`${key}: guarded, but no bearer security or 401`);
      if (route.isPublic && op.security?.some((s) => 'bearer' in s)) gaps.push(`${key}: public, but asks for a bearer token`);
    }
    expect(gaps).toEqual([]);
  });

  it('describes the error answers, the security schemes and gives examples', () => {
    expect(Object.keys(doc.components.responses).sort()).toEqual(['BadRequest', 'Conflict', 'Forbidden', 'Gone', 'NotFound', 'NotSignedIn', 'ServiceUnavailable', 'TooManyRequests']);
    expect(doc).toHaveProperty(['components', 'responses', 'BadRequest', 'content', 'application/json', 'examples', 'fields', 'value', 'fields'], { email: ['Invalid email address'] });
    expect(doc).toHaveProperty(['components', 'responses', 'TooManyRequests', 'headers', 'Retry-After']);
    expect(doc.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      refreshCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'academy_refresh' }),
    });
    expect(doc.paths['/api/auth/refresh']?.post?.security).toEqual([{ refreshCookie: [] }]);
    expect(doc.paths['/api/public/applications']?.post?.security).toEqual([]);
    expect(doc.paths['/api/public/applications']?.post?.responses?.['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(doc).toHaveProperty(['paths', '/api/programs', 'post', 'requestBody', 'content', 'application/json', 'example']);
    expect(doc).toHaveProperty(['paths', '/api/auth/sign-in', 'post', 'responses', '200', 'content', 'application/json', 'example']);
  });

  it("keeps every example true to its contract (a request example parses with the route's body schema, an answer's with its schema)", () => {
    const routes = apiRoutes(app, 'api');
    const examples = routes.flatMap((r) => [
      ...(r.bodyExample !== undefined ? [{ at: `${r.method} ${r.path} body`, schema: r.body!, value: r.bodyExample }] : []),
      ...r.answers.filter((a) => a.example !== undefined && a.schema).map((a) => ({ at: `${r.method} ${r.path} ${a.status}`, schema: a.schema!, value: a.example })),
    ]);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(examples.filter((e) => !e.schema.safeParse(e.value).success).map((e) => e.at)).toEqual([]);
  });
});

function findController(name: string): object {
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) if (wrapper.metatype?.name === name) return wrapper.metatype;
  }
  throw new Error(`no controller ${name}`);
}
