// Sign-in throttling over real HTTP, Postgres and Redis (issue 13, defect 6; see modules-harness.ts,
// whose clients sit behind a trusted loopback proxy so each call names its address). Failures count
// per (account, address) and per address; successes never count; nobody can lock an account's owner
// out from another address.
import { messageResponseSchema, userResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Harness, startHarness } from './modules-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('sign-in-limits');
}, 60_000);
afterAll(async () => h?.stop());

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
let counter = 0;

/** A student made by the admin (POST /users), with the temporary password of their invitation. */
async function student(): Promise<{ email: string; password: string }> {
  const email = `pupil.${++counter}.${Date.now()}@example.com`;
  const res = await h.call('POST', '/users', { token: h.admin.token, body: { fullName: `Pupil ${counter}`, email, role: 'student' } });
  if (res.status !== 201) throw new Error(`create student: ${res.status} ${JSON.stringify(res.body)}`);
  const invitation = (await h.store.readStream(`user-${bodyOf(res, userResponseSchema).user.id}`)).find((e) => e.type === 'AccountCredentialsIssued')!;
  return { email, password: (invitation.personal!.data as { temporaryPassword: string }).temporaryPassword };
}
async function students(n: number) {
  const made: { email: string; password: string }[] = [];
  while (made.length < n) made.push(...(await Promise.all(Array.from({ length: Math.min(10, n - made.length) }, () => student()))));
  return made;
}
const signIn = (email: string, password: string, ip: string) => h.call('POST', '/auth/sign-in', { body: { email, password }, ip });

it('60 students sign in from one school address at the start of a lesson, some after a typo: every one gets in, twice over', async () => {
  const school = '10.60.0.1';
  const klass = await students(60);
  const started = Date.now();
  // A few mistype first: their failures count, the class's successes do not.
  const typos = await Promise.all(klass.slice(0, 8).map((s) => signIn(s.email, `${s.password}x`, school)));
  expect(typos.map((a) => a.status)).toEqual(Array(8).fill(401));
  const lesson1 = await Promise.all(klass.map((s) => signIn(s.email, s.password, school)));
  expect(lesson1.map((a) => a.status)).toEqual(Array(60).fill(200));
  // The next lesson, from the same address, within the same 15 minutes.
  const lesson2 = await Promise.all(klass.map((s) => signIn(s.email, s.password, school)));
  expect(lesson2.map((a) => a.status)).toEqual(Array(60).fill(200));
  expect(Date.now() - started).toBeLessThan(5 * 60_000);
}, 240_000);

it('30 wrong passwords at one account from one address get 429; the right password from another address still works', async () => {
  const [victim] = await students(1);
  const guesser = '10.61.0.1';
  const answers = [];
  for (let i = 0; i < 30; i++) answers.push(await signIn(victim!.email, `guess number ${i}`, guesser));
  expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
  expect(bodyOf(answers[29]!, messageResponseSchema).message).toBe(TOO_MANY);
  // The guesser waits, even with the right password; the owner at home does not.
  expect((await signIn(victim!.email, victim!.password, guesser)).status).toBe(429);
  expect((await signIn(victim!.email, victim!.password, '10.61.0.2')).status).toBe(200);
}, 60_000);

it('parallel guesses cannot overtake the limit of an account at one address', async () => {
  const [victim] = await students(1);
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(victim!.email, `parallel guess ${i}`, '10.62.0.1')));
  expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
  expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
}, 60_000);

it('one address trying a password on many accounts gets 429 after 25 failures; other addresses are unaffected', async () => {
  const sprayer = '10.63.0.1';
  const answers = [];
  for (let i = 0; i < 30; i++) answers.push(await signIn(`nobody.${i}.${Date.now()}@example.com`, 'Summer2026!', sprayer));
  expect(answers.map((a) => a.status)).toEqual([...Array(25).fill(401), ...Array(5).fill(429)]);
  const last = await h.call('POST', '/auth/sign-in', { body: { email: 'nobody@example.com', password: 'x' }, ip: sprayer });
  expect(last.status).toBe(429);
  const [s] = await students(1);
  expect((await signIn(s!.email, s!.password, '10.63.0.2')).status).toBe(200);
}, 60_000);

it('the right password clears the failures of its account at its address', async () => {
  const [s] = await students(1);
  const home = '10.64.0.1';
  for (let i = 0; i < 9; i++) expect((await signIn(s!.email, `typo ${i}`, home)).status).toBe(401);
  expect((await signIn(s!.email, s!.password, home)).status).toBe(200);
  for (let i = 0; i < 9; i++) expect((await signIn(s!.email, `typo again ${i}`, home)).status).toBe(401);
  expect((await signIn(s!.email, s!.password, home)).status).toBe(200);
}, 60_000);
