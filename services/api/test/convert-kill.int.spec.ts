// Must show (issue 14): 'Convert to student' is a process that completes or compensates by itself.
// The BUILT API and worker run as processes; in 20 rounds a staff member converts an application and,
// at a seeded random moment during the conversion, the worker, the API or both are SIGKILLed and
// started again. A quarter of the rounds also create an account with the applicant's address at the
// same moment (the compensation path; those kill only the worker). After each restart every open request must close by itself;
// at the end: no orphan account (an account made for a request whose applicant is not converted to
// it), no stuck applicant (a request never closed), one account per converted applicant, and a
// convert retried after a lost answer is answered as the state is (201 or 409), never stuck.
// Deterministic kill points: CONVERT_KILL_SEED (printed) replays the same delays and targets.
import { z } from 'zod';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMISSIONS_MESSAGES, auditMetadataSchema, convertProspectPendingSchema, messageResponseSchema, prospectsResponseSchema, sessionSchema, setupResponseSchema, usersListResponseSchema } from '@academy/contracts';
import { bodyOf, createTestDatabase, freePort, outputOf, repoRoot, spawnService, spawnWorkerAndApi, type SpawnedService, stopProcess, type TestDatabase, testRedisUrl, uniquePrefix, until } from '@academy/testing';

const SEED = Number(process.env.CONVERT_KILL_SEED ?? 1414);
const ROUNDS = 20;

/** mulberry32: a small seeded generator, so a failing run's kill points can be replayed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let db: TestDatabase;
let dir: string;
let url: string;
let env: Record<string, string>;
const services: SpawnedService[] = [];
const dead: SpawnedService[] = [];
const output = () => outputOf([...dead, ...services]);

type Answer = { status: number; body: unknown; headers?: Headers };
async function call(method: string, p: string, o: { body?: unknown; token?: string; ip?: string; minPosition?: number } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.ip) headers['x-forwarded-for'] = o.ip;
  if (o.minPosition) headers['x-academy-min-position'] = String(o.minPosition);
  try {
    const res = await fetch(`${url}/api${p}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body), signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  } catch (e) {
    // The API was killed under the request: the connection is gone, no answer.
    return { status: -1, body: { message: (e as Error).message } };
  }
}

const apiUp = async () => (await call('GET', '/health')).status > 0;

/** SIGKILL: no shutdown hook runs, whatever was in flight is cut where it stood. */
async function kill(name: 'api' | 'worker'): Promise<void> {
  const i = services.findIndex((s) => s.name === name);
  const [s] = services.splice(i, 1);
  dead.push(s);
  await new Promise<void>((resolve) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill('SIGKILL');
  });
}

function start(name: 'api' | 'worker'): void {
  services.push({ name, ...spawnService(name, env) });
}

/** Requests (ApplicantConversionRequested) whose prospect stream has no closing event for them. */
async function openRequests(): Promise<string[]> {
  const { rows } = await db.pool.query<{ request_id: string }>(
    `SELECT r.data->>'requestId' AS request_id FROM event_store.events r
     WHERE r.type = 'ApplicantConversionRequested'
       AND NOT EXISTS (SELECT 1 FROM event_store.events c WHERE c.stream_id = r.stream_id AND c.stream_version > r.stream_version
                       AND c.type IN ('ApplicantConverted', 'ApplicantConversionFailed'))`,
  );
  return rows.map((r) => r.request_id);
}

const STEPS = ['sent', 'requested', 'identity answered'] as const;
const STAGES = ['not requested', 'requested', 'identity answered', 'closed'];

/** Where the conversion of `prospectId` stood when the kill landed (for the report; the kill points are random). */
async function stage(prospectId: string): Promise<string> {
  const { rows } = await db.pool.query<{ type: string }>(
    `SELECT type FROM event_store.events WHERE stream_id = $1 OR (type = 'AccountFromApplicationCreated' AND data->>'prospectId' = $2) OR (type = 'AccountFromApplicationRefused' AND data->>'prospectId' = $2) ORDER BY position`,
    [`prospect-${prospectId}`, prospectId],
  );
  const types = rows.map((r) => r.type);
  if (types.includes('ApplicantConverted') || types.includes('ApplicantConversionFailed')) return 'closed';
  if (types.includes('AccountFromApplicationCreated') || types.includes('AccountFromApplicationRefused')) return 'identity answered';
  if (types.includes('ApplicantConversionRequested')) return 'requested';
  return 'not requested';
}

/**
 * Polls (tightly: the steps take milliseconds) until the conversion reached `step` or went past it, or
 * the convert was answered without it (refused before any request: a race round's address taken).
 */
async function reached(prospectId: string, step: string, answered: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!answered() && STAGES.indexOf(await stage(prospectId)) < STAGES.indexOf(step)) {
    if (Date.now() > end) throw new Error(`the conversion of ${prospectId} never reached '${step}'`);
  }
}

beforeAll(async () => {
  db = await createTestDatabase('convert-kill');
  dir = mkdtempSync(path.join(os.tmpdir(), 'convert-kill-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    PORT: String(port),
    HOST: '127.0.0.1',
    QUEUE_PREFIX: uniquePrefix('convert-kill'),
    ACADEMY_DATA_DIR: dir,
    ACADEMY_MASTER_KEY: Buffer.alloc(32, 14).toString('base64'),
    ACADEMY_FRONTENDS_DIR: path.join(repoRoot, 'frontends'),
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'error',
  };
  await spawnWorkerAndApi(services, env, async () => (await call('GET', '/health')).status === 200, 'the API to be healthy');
}, 90_000);

afterAll(async () => {
  await Promise.all(services.map(({ child }) => stopProcess(child)));
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it(`convert to student survives SIGKILL of the worker and the API at ${ROUNDS} seeded random points: no orphan account, no stuck applicant`, async () => {
  console.log(`convert-kill: seed ${SEED} (replay the same kill points with CONVERT_KILL_SEED=${SEED})`);
  const random = rng(SEED);
  const setup = await call('POST', '/setup');
  expect(setup.status).toBe(201);
  const { email: adminEmail, password } = bodyOf(setup, setupResponseSchema);
  const signIn = await call('POST', '/auth/sign-in', { body: { email: adminEmail, password } });
  const token = bodyOf(signIn, sessionSchema).access_token;

  const rounds: { prospectId: string; email: string; race: boolean; target: string; delay: number; at: string; answer: Answer; staffCreate?: Answer }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // The kill point: a step the conversion must have reached (the request sent, stored, or answered
    // by identity), then a seeded jitter, so kills land inside each step and on its edges.
    const after = STEPS[Math.floor(random() * STEPS.length)];
    const delay = Math.floor(random() * 40);
    const pick = random();
    const race = random() < 0.25;
    // A race round kills only the worker (where the compensation happens): killing the API inside
    // the staff member's Create User is a kill point of that command, not of the conversion.
    const target = race || pick < 0.55 ? 'worker' : pick < 0.8 ? 'api' : 'both';
    const email = `kill.${i}.${SEED}@applicants.test`;
    const applied = await call('POST', '/public/applications', {
      ip: `10.14.0.${i + 1}`,
      body: { firstName: 'Kill', lastName: `Round${i}`, email, phone: '+27 82 000 0000', course: 'IT Support', message: 'Convert me' },
    });
    expect(applied.status).toBe(201);
    // The worker may still be restarting after the last round's kill: the list then answers 202 (its
    // projection has not reached the application yet) until it is back.
    let prospectId = '';
    await until(
      async () => {
        const listed = await call('GET', `/admissions/prospects?q=${encodeURIComponent(email)}`, { token, minPosition: Number(applied.headers!.get('x-academy-position')) });
        if (listed.status === 200) prospectId = bodyOf(listed, prospectsResponseSchema).prospects[0].id;
        return prospectId !== '';
      },
      `round ${i}: the application listed`,
      30_000,
    );

    let answered = false;
    const converting = call('POST', `/admissions/prospects/${prospectId}/convert`, { token, body: {} }).finally(() => (answered = true));
    const creating = race ? call('POST', '/users', { token, body: { fullName: `Staff Made ${i}`, email, role: 'student' } }) : undefined;
    if (after !== 'sent') await reached(prospectId, after, () => answered);
    await new Promise((r) => setTimeout(r, delay));
    const killed: ('api' | 'worker')[] = target === 'both' ? ['worker', 'api'] : [target as 'api' | 'worker'];
    for (const name of killed) await kill(name);
    const at = await stage(prospectId);
    for (const name of killed) start(name);
    if (killed.includes('api')) await until(apiUp, `the API back after round ${i}`, 30_000);
    const [answer, staffCreate] = await Promise.all([converting, creating]);
    rounds.push({ prospectId, email, race, target, delay, at, answer, staffCreate });
    console.log(`convert-kill round ${i}: killed ${target} ${delay} ms after ${after} (stood: ${at})${race ? ' (racing a staff Create User: ' + staffCreate!.status + ')' : ''}; convert answered ${answer.status}`);
    // Whatever was cut, the process ends by itself once the worker runs again.
    await until(async () => (await openRequests()).length === 0, `every conversion request closed after round ${i} (killed ${target} at ${delay} ms)`, 30_000).catch((e: Error) => {
      throw new Error(`${e.message}\n${output().slice(-4000)}`);
    });
  }

  // The answers given under the kills: a success, a 202 (the worker was down), the taken-address 409
  // in race rounds, or no answer at all when the API died; never a 500.
  for (const r of rounds) {
    const allowed = [201, 202, ...(r.race ? [409] : []), ...(r.target !== 'worker' ? [-1] : [])];
    expect([r.target, r.delay, allowed.includes(r.answer.status)]).toEqual([r.target, r.delay, true]);
    if (r.answer.status === 409) expect(bodyOf(r.answer, messageResponseSchema).message).toBe(ADMISSIONS_MESSAGES.emailHasAccount);
    // A 202 is one the screen understands: the conversion (with its message) or a read model still under way.
    if (r.answer.status === 202) expect([ADMISSIONS_MESSAGES.conversionPending, undefined]).toContain(convertProspectPendingSchema.parse(r.answer.body).message);
  }

  /** The ids these checks read of the conversion's events. */
  const eventIds = z.looseObject({ requestId: z.string().optional(), studentId: z.string().optional(), userId: z.string().optional() });
  const events = async (type: string) =>
    (await db.pool.query<{ stream_id: string; event_id: string; data: unknown; metadata: unknown }>(`SELECT stream_id, event_id, data, metadata FROM event_store.events WHERE type = $1`, [type])).rows.map((r) => ({
      ...r,
      data: eventIds.parse(r.data),
      metadata: auditMetadataSchema.parse(r.metadata),
    }));
  const requested = await events('ApplicantConversionRequested');
  const created = await events('AccountFromApplicationCreated');
  const refused = await events('AccountFromApplicationRefused');
  const converted = await events('ApplicantConverted');
  const failed = await events('ApplicantConversionFailed');
  const registered = await events('UserRegistered');

  // No stuck applicant: every request was closed, once, by the outcome identity gave it.
  expect(await openRequests()).toEqual([]);
  expect(created.length + refused.length).toBe(requested.length);
  expect(converted.length).toBe(created.length);
  expect(failed.map((e) => e.data.requestId).sort()).toEqual(refused.map((e) => e.data.requestId).sort());
  // No orphan account: every account made for a request is the student its applicant was converted to,
  // and made once; no account was made for a request that failed.
  const studentIds = converted.map((e) => e.data.studentId).sort();
  expect(created.map((e) => e.data.userId).sort()).toEqual(studentIds);
  const requestIds = new Set(requested.map((e) => e.event_id));
  const madeByRequests = registered.filter((e) => requestIds.has(e.metadata.causationId ?? '')).map((e) => e.data.userId);
  expect(madeByRequests.sort()).toEqual(studentIds);
  expect(new Set(converted.map((e) => e.stream_id)).size).toBe(converted.length);

  // A convert whose answer was lost (or that the kill stopped before it was stored) is simply sent
  // again: 201 when it had not happened, 409 alreadyConverted when it had — never stuck in between;
  // in a race round the staff member's account may have won: 409 emailHasAccount, the applicant open.
  let retried = 0;
  for (const r of rounds.filter((x) => x.answer.status !== 201)) {
    const again = await call('POST', `/admissions/prospects/${r.prospectId}/convert`, { token, body: {} });
    retried++;
    const row = bodyOf(await call('GET', `/admissions/prospects?q=${encodeURIComponent(r.email)}`, { token, minPosition: Number(again.headers?.get('x-academy-position') ?? 0) }), prospectsResponseSchema).prospects[0];
    const { message } = bodyOf(again, messageResponseSchema);
    if (again.status === 201 || message === ADMISSIONS_MESSAGES.alreadyConverted) expect([r.email, again.status, row.status]).toEqual([r.email, again.status, 'converted']);
    else expect([r.email, r.race, again.status, message, row.status]).toEqual([r.email, true, 409, ADMISSIONS_MESSAGES.emailHasAccount, 'pending']);
  }
  // What staff see: never two accounts for one address.
  const accounts = async () => {
    const { users } = bodyOf(await call('GET', '/users', { token }), usersListResponseSchema);
    return rounds.map((r) => [r.email, users.filter((u) => u.email === r.email).length]);
  };
  await until(async () => (await accounts()).every(([, n]) => n === 1), 'one account per applicant address', 10_000).catch(() => undefined);
  expect(await accounts()).toEqual(rounds.map((r) => [r.email, 1]));
  // Race rounds lose to the staff member's account at most; every other applicant is converted now.
  const rows = bodyOf(await call('GET', '/admissions/prospects?status=converted', { token }), prospectsResponseSchema).prospects;
  for (const r of rounds.filter((x) => !x.race)) expect(rows.map((p) => p.id)).toContain(r.prospectId);

  const tally = (s: number) => rounds.filter((r) => r.answer.status === s).length;
  const stages = STAGES.map((st) => `${st} ×${rounds.filter((r) => r.at === st).length}`).join(', ');
  console.log(
    `convert-kill: seed ${SEED}; ${ROUNDS} kill points (${rounds.filter((r) => r.target === 'worker').length} worker, ${rounds.filter((r) => r.target === 'api').length} API, ${rounds.filter((r) => r.target === 'both').length} both; kills landed with the conversion ${stages}); ` +
      `answers 201×${tally(201)} 202×${tally(202)} 409×${tally(409)} lost×${tally(-1)}; ${requested.length} requests: ${created.length} accounts, ${refused.length} compensated; ${retried} retried`,
  );
}, 170_000);
