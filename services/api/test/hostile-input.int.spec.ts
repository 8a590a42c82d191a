// The hostile-input suite (issue 13): for EVERY command endpoint of the API (found from the running
// Nest application's routes, so a new endpoint is fuzzed without anyone listing it), fast-check sends
// valid and hostile bodies made from the endpoint's own zod contract (libs/testing zod-arbitrary.ts:
// NUL, lone surrogates, control characters, 1–2 MB strings, 100,000-deep nesting, wrong types,
// __proto__/constructor/prototype keys, malformed JSON) and hostile path parameters, as a principal
// allowed to call it, and requires:
//   - no answer is a 5xx;
//   - a 4xx appended nothing (the log head did not move): no half-written command;
//   - afterwards every projection's checkpoint is at the head of the log (none stuck or failing).
// Runs are bounded (FUZZ_RUNS per endpoint, default 25) and seeded: FUZZ_SEED=<seed> replays a failure.
import 'reflect-metadata';
import { enrollmentResponseSchema, messageResponseSchema, programResponseSchema, subjectResponseSchema, submissionResponseSchema, teacherAssignmentResponseSchema, weekResponseSchema, prospectsResponseSchema } from '@academy/contracts';
import fc from 'fast-check';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { z } from 'zod';
import { IS_PUBLIC, ROLES, ZodValidationPipe } from '@academy/backend';
import { bodyOf, hostileBody, validBody } from '@academy/testing';
import { type Account, type Harness, startHarness } from './modules-harness.js';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const BODY = 3; // RouteParamtypes.BODY
const COMMAND_METHODS: Record<number, string> = { [RequestMethod.POST]: 'POST', [RequestMethod.PUT]: 'PUT', [RequestMethod.PATCH]: 'PATCH', [RequestMethod.DELETE]: 'DELETE' };

interface Endpoint {
  method: string;
  /** e.g. /weeks/:weekId/tasks/:taskId (without /api). */
  path: string;
  body: z.ZodType | null;
  roles: string[] | null;
  isPublic: boolean;
}

/** Every POST/PUT/PATCH/DELETE route of the application, with its body contract and who may call it. */
function commandEndpoints(h: Harness): Endpoint[] {
  const out: Endpoint[] = [];
  for (const module of h.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const ctrl = wrapper.metatype as (new (...a: unknown[]) => unknown) | null;
      if (!ctrl) continue;
      const base = [Reflect.getMetadata(PATH_METADATA, ctrl) as string | string[]].flat()[0] ?? '';
      // Nest's own scan: a route a controller inherits from a shared base is fuzzed too.
      for (const name of new MetadataScanner().getAllMethodNames(ctrl.prototype)) {
        const fn = ctrl.prototype[name];
        if (typeof fn !== 'function') continue;
        const method = COMMAND_METHODS[Reflect.getMetadata(METHOD_METADATA, fn) as number];
        const sub = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
        if (!method || sub === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, ctrl, name) ?? {}) as Record<string, { pipes?: unknown[] }>;
        const bodyPipe = Object.entries(args)
          .filter(([key]) => Number(key.split(':')[0]) === BODY)
          .flatMap(([, a]) => a.pipes ?? [])
          .find((p): p is ZodValidationPipe<unknown> => p instanceof ZodValidationPipe);
        out.push({
          method,
          path: `/${[base, [sub].flat()[0]].filter(Boolean).join('/')}`.replace(/\/+/g, '/').replace(/\/$/, ''),
          body: bodyPipe ? ((bodyPipe as unknown as { schema: z.ZodType }).schema ?? null) : null,
          roles: (Reflect.getMetadata(ROLES, fn) ?? Reflect.getMetadata(ROLES, ctrl) ?? null) as string[] | null,
          isPublic: Boolean(Reflect.getMetadata(IS_PUBLIC, fn) ?? Reflect.getMetadata(IS_PUBLIC, ctrl)),
        });
      }
    }
  }
  // Deletions, then calls that can end the caller's own session, go last (they remove what others use).
  const late = (e: Endpoint) => (/sign-out|password|role|users\/:id$/.test(e.path) ? 2 : e.method === 'DELETE' ? 1 : 0);
  return out.sort((a, b) => late(a) - late(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const emptyObject = z.object({});

let h: Harness;
const people: Record<string, Account> = {};
const ids: string[] = [];
/** Real ids by body field name and by path parameter (`:id` named by the segment before it). */
const byField: Record<string, string[]> = {};
function idsForParam(path: string, param: string): string[] {
  const segment = param === 'id' ? (path.split('/:id')[0].split('/').pop() ?? '') : param;
  return byField[segment]?.length ? byField[segment] : ids;
}

async function raw(method: string, path: string, body: string | null, token?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${h.url}/api${path}`, {
    method,
    headers: {
      'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(body !== null ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  return { status: res.status, text: (await res.text()).slice(0, 500) };
}

/** A token of someone the endpoint allows (signed in again if a fuzzed call ended their session). */
async function tokenFor(e: Endpoint): Promise<string | undefined> {
  if (e.isPublic) return undefined;
  const role = (e.roles ?? ['admin']).find((r) => r === 'admin' || people[r]) ?? 'admin';
  if (role === 'admin') return h.admin.token;
  if ((await h.call('GET', '/auth/me', { token: people[role].token })).status === 401) people[role] = await h.account(role as 'student' | 'teacher' | 'student_admin');
  return people[role].token;
}

const pathValue = fc.oneof(
  { weight: 6, arbitrary: fc.constant('@@ID@@') },
  { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom('not-a-uuid', '%00', '%ED%A0%80', 'x%0Ay', '..%2F..%2Fetc', '0', '-1', 'a'.repeat(3000)) },
);

beforeAll(async () => {
  h = await startHarness('hostile-input');
  people.teacher = await h.account('teacher', 'Tess Teacher');
  people.student = await h.account('student', 'Ada Student');
  people.student_admin = await h.account('student_admin', 'Sam Admin');
  const victim = await h.account('student', 'Victor Victim');
  const admin = h.admin.token;
  const must = async <S extends z.ZodType>(method: string, path: string, token: string | undefined, body: unknown, schema: S) => {
    const res = await h.call(method, path, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return bodyOf(res, schema);
  };
  const { program } = await must('POST', '/programs', admin, { name: 'Web Development', type: 'evening' }, programResponseSchema);
  const { subject } = await must('POST', '/subjects', admin, { name: 'HTML & CSS', programId: program.id }, subjectResponseSchema);
  const { assignment } = await must('POST', '/teacher-assignments', admin, { teacherId: people.teacher.userId, subjectId: subject.id }, teacherAssignmentResponseSchema);
  const { enrollment } = await must('POST', '/enrollments', admin, { studentId: people.student.userId, programId: program.id, subjectId: subject.id }, enrollmentResponseSchema);
  await must('PUT', `/enrollments/${enrollment.id}/status`, admin, { status: 'active' }, enrollmentResponseSchema);
  let { week } = await must('POST', '/weeks', people.teacher.token, { subjectId: subject.id, weekNumber: 1, title: 'Intro' }, weekResponseSchema);
  week = (await must('POST', `/weeks/${week.id}/tasks`, people.teacher.token, { dayNumber: 1, title: 'Task 1' }, weekResponseSchema)).week;
  week = (await must('PUT', `/weeks/${week.id}/capstone`, people.teacher.token, { title: 'Capstone 1' }, weekResponseSchema)).week;
  if (!week.capstone) throw new Error('the week has no capstone');
  await must('PUT', `/weeks/${week.id}/published`, people.teacher.token, { published: true }, weekResponseSchema);
  const { submission } = await must('POST', '/student/submissions', people.student.token, { kind: 'task', itemId: week.tasks[0].id, githubUrl: 'https://github.com/ada/t1' }, submissionResponseSchema);
  await must('POST', '/public/quick-contacts', undefined, { name: 'Visitor', email: 'visitor@example.com', message: 'Hello' }, messageResponseSchema);
  await h.projectionsCaughtUp();
  const prospects = bodyOf(await h.call('GET', '/admissions/prospects', { token: admin }), prospectsResponseSchema).prospects;
  ids.push(program.id, subject.id, assignment.id, enrollment.id, week.id, week.tasks[0].id, week.capstone.id, submission.id, victim.userId, ...prospects.map((p) => p.id));
  const prospectIds = prospects.map((p) => p.id);
  Object.assign(byField, {
    programs: [program.id],
    programId: [program.id],
    subjects: [subject.id],
    subjectId: [subject.id],
    'teacher-assignments': [assignment.id],
    teacherId: [people.teacher.userId],
    enrollments: [enrollment.id],
    studentId: [people.student.userId, victim.userId],
    students: [victim.userId],
    users: [victim.userId],
    weekId: [week.id],
    taskId: [week.tasks[0].id],
    taskIds: [week.tasks[0].id],
    itemId: [week.tasks[0].id, week.capstone.id],
    submissions: [submission.id],
    prospects: prospectIds,
  });
}, 120_000);
afterAll(async () => h?.stop());

describe('hostile input to every command endpoint', () => {
  const seen: string[] = [];
  const tally: Record<string, Record<number, number>> = {};

  it('finds the command endpoints and their contracts', () => {
    const endpoints = commandEndpoints(h);
    expect(endpoints.length).toBeGreaterThan(40);
    expect(endpoints.filter((e) => e.body).length).toBeGreaterThan(25);
    seen.push(...endpoints.map((e) => `${e.method} ${e.path}`));
  });

  it(`answers no 5xx and half-writes nothing (seed ${SEED}, ${RUNS} runs per endpoint)`, async () => {
    process.stdout.write(`hostile-input: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}\n`);
    for (const e of commandEndpoints(h)) {
      const key = `${e.method} ${e.path}`;
      const counts: Record<number, number> = (tally[key] = {});
      // No body contract: no body, an empty one, or junk the endpoint should never read.
      const body = e.body ? fc.oneof(validBody(e.body, { ids, idsByField: byField }), hostileBody(e.body, { ids, idsByField: byField })) : fc.oneof(fc.constant(null), fc.constant('{}'), hostileBody(emptyObject, { ids }));
      const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const params = fc.tuple(...names.map((n) => fc.tuple(pathValue, fc.constantFrom(...idsForParam(e.path, n)))), fc.constant(null));
      const token = await tokenFor(e);
      await fc.assert(
        fc.asyncProperty(body, params, async (text, values) => {
          let i = 0;
          const path = e.path.replace(/:\w+/g, () => {
            const [v, id] = values[i++] as [string, string];
            return v === '@@ID@@' ? id : v;
          });
          const before = await h.head();
          const res = await raw(e.method, path, text, token);
          counts[res.status] = (counts[res.status] ?? 0) + 1;
          if (res.status >= 500) throw new Error(`${e.method} ${path} answered ${res.status}: ${res.text}`);
          if (res.status >= 400) {
            const after = await h.head();
            if (after !== before) {
              const written = (await h.store.readAll(before, 20)).map((x) => `${x.type}@${x.streamId}`);
              throw new Error(`${e.method} ${path} answered ${res.status} but appended ${after - before} event(s): ${written.join(', ')}`);
            }
          } else {
            await h.reactionsSettled();
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      ).catch((error: unknown) => {
        throw new Error(`${key} (replay with FUZZ_SEED=${SEED}): ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    process.stdout.write(`hostile-input answers per endpoint:\n${Object.entries(tally).map(([k, c]) => `  ${k}  ${JSON.stringify(c)}`).join('\n')}\n`);
  }, 600_000);

  it('leaves every projection at the head of the log, none stuck or failing', async () => {
    await h.projectionsCaughtUp(20_000);
  });
});
