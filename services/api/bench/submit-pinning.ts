// Issue 30 §1's benchmark part (ADR 0039), run by `npm run bench -- commands`: Submit Work with its
// commit pinned (github.com routed to a local `git http-backend`, one ref discovery per submit) against
// the same submit whose host refuses the connection at once (the pin left pending: no read), both sent
// as the controller sends them (`CommandBus.execute`), alternating in the same run. Each submit is a
// fresh (student, item): 16 students share the published items of three subjects' 20 weeks.
import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { type CommandContext, OutgoingClient } from '@academy/backend';
import { enrollmentResponseSchema, programResponseSchema, subjectResponseSchema, teacherAssignmentResponseSchema, weekResponseSchema } from '@academy/contracts';
import { SubmitWork } from '@academy/grading';
import { bodyOf, type TestGitServer } from '@academy/testing';
import type { Harness } from '../test/modules-harness.js';

/** The hosts of the harness: github.com reaches the git server, down.test a closed loopback port. */
export const pinningEnv = (git: TestGitServer) => ({ SUBMISSION_GIT_HOSTS: 'github.com,down.test', OUTGOING_TEST_HOSTS: `${git.routeFor('github.com')},down.test=127.0.0.1:1` });

export interface SubmitSetup {
  /** Per client: its student's caller. */
  callers: (() => CommandContext)[];
  /** Per round and path (0: pinned, 1: host down): `ops` items, each submitted once by every client. */
  items: { kind: 'task' | 'capstone'; id: string }[][][];
}

/** The repository every submission of the benchmarks names (the grade benchmark's one submission too). */
export const benchRepository = (git: TestGitServer) => git.createRepo('bench', 'work');

export async function setUpSubmits(h: Harness, o: { clients: number; ops: number; rounds: number }): Promise<SubmitSetup> {
  const admin = h.admin.token;
  const ok = async <S extends z.ZodType>(method: string, p: string, schema: S, token: string, body?: unknown) => {
    const res = await h.call(method, p, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
    return bodyOf(res, schema);
  };
  const teacher = await h.account('teacher', 'Submit Bench Teacher');
  const program = (await ok('POST', '/programs', programResponseSchema, admin, { name: 'Submit Bench Programme', type: 'evening' })).program;
  const needed = o.rounds * 2 * o.ops;
  const all: { kind: 'task' | 'capstone'; id: string }[] = [];
  let firstSubject = '';
  for (let s = 0; all.length < needed; s++) {
    const subject = (await ok('POST', '/subjects', subjectResponseSchema, admin, { name: `Submit Subject ${s + 1}`, programId: program.id })).subject;
    firstSubject ||= subject.id;
    await ok('POST', '/teacher-assignments', teacherAssignmentResponseSchema, admin, { teacherId: teacher.userId, subjectId: subject.id });
    for (let w = 1; w <= 20 && all.length < needed; w++) {
      const { week } = await ok('POST', '/weeks', weekResponseSchema, teacher.token, { subjectId: subject.id, weekNumber: w, title: `Week ${w}` });
      for (let d = 1; d <= 5; d++) await ok('POST', `/weeks/${week.id}/tasks`, weekResponseSchema, teacher.token, { dayNumber: d, title: `Task ${d}` });
      await ok('PUT', `/weeks/${week.id}/capstone`, weekResponseSchema, teacher.token, { title: `Capstone ${w}`, dueAt: null });
      await ok('PUT', `/weeks/${week.id}/published`, weekResponseSchema, teacher.token, { published: true });
      const done = (await ok('GET', `/weeks/${week.id}`, weekResponseSchema, teacher.token)).week;
      all.push(...done.tasks.map((t) => ({ kind: 'task' as const, id: t.id })), ...(done.capstone ? [{ kind: 'capstone' as const, id: done.capstone.id }] : []));
    }
  }
  const callers: (() => CommandContext)[] = [];
  for (let c = 0; c < o.clients; c++) {
    const student = await h.account('student', `Submit Bench Student ${c + 1}`);
    const e = (await ok('POST', '/enrollments', enrollmentResponseSchema, admin, { studentId: student.userId, programId: program.id, subjectId: firstSubject })).enrollment;
    await ok('PUT', `/enrollments/${e.id}/status`, enrollmentResponseSchema, admin, { status: 'active' });
    callers.push(() => ({ principal: { userId: student.userId, role: 'student' }, metadata: { actorId: student.userId, actorRole: 'student', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } }));
  }
  await h.projectionsCaughtUp(60_000);
  const items = Array.from({ length: o.rounds }, (_, r) => [0, 1].map((path) => all.slice((r * 2 + path) * o.ops, (r * 2 + path + 1) * o.ops)));
  return { callers, items };
}

/** One submit of `client`'s student: the item `i` of the round's path, pinned or to a host that is down. */
export function submitOp(bus: CommandBus, s: SubmitSetup, round: number, path: 0 | 1) {
  const url = path === 0 ? 'https://github.com/bench/work' : 'https://down.test/bench/work';
  return async (client: number, i: number) => {
    const item = s.items[round]![path]![i]!;
    const { submission } = (await bus.execute(new SubmitWork(s.callers[client]!(), { kind: item.kind, itemId: item.id, githubUrl: url, notes: '' }))) as { submission: { pin: { state: string } | null } };
    // A measurement of pinning that did not pin (or of the down host that did) measures nothing.
    if (submission.pin?.state !== (path === 0 ? 'pinned' : 'pending')) throw new Error(`submit ${path === 0 ? 'pinned' : 'to the host that is down'}: pin ${JSON.stringify(submission.pin)}`);
  };
}

/**
 * The git host's share: the ref discovery alone (the guarded client against the same local
 * `git http-backend`), at the same concurrency, with nothing else running.
 */
export function refDiscoveryOp(git: TestGitServer) {
  const client = new OutgoingClient({ hosts: ['github.com'], testRoutes: new Map([['github.com', { address: '127.0.0.1', port: git.port }]]) });
  return async () => {
    const answer = await client.call({ url: 'https://github.com/bench/work.git/info/refs?service=git-upload-pack', enough: (b) => b.includes(' HEAD\0') && b.indexOf('\n', b.indexOf(' HEAD\0')) > 0 });
    if (answer.status !== 200) throw new Error(`ref discovery: ${answer.status}`);
  };
}
