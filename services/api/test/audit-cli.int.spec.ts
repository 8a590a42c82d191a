// CLI parity (issue 16, "Everything the dashboard does is available from the CLI"): the BUILT
// `academy` CLI (services/worker/dist/cli/academy.js) against the database of the built API and
// worker, after the dashboard's acts went through the API: the checkpoints the Verify page lists,
// exported to the same file it downloads (which `audit verify --checkpoint` then takes), the
// personal-data grants an admin gave and took back, why and as-of, and a rebuild's progress on stderr.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { academyCliWith, apiCaller, type RunningApi, startApi, untilValue } from '@academy/testing';

// Each test starts the built CLI five or six times (a whole Node process each, seconds apiece on a busy
// machine): no test here waits on time, so the bound is only there to end a hung run.
jest.setTimeout(180_000);

const SIGNING_KEY = Buffer.alloc(32, 9).toString('base64');
let api: RunningApi;
let call: ReturnType<typeof apiCaller>;
let admin: { id: string; token: string };
let cliEnv: Record<string, string>;
const dir = mkdtempSync(path.join(tmpdir(), 'audit-cli-'));
const cli = (...args: string[]) => academyCliWith(cliEnv, ...args);

beforeAll(async () => {
  api = await startApi({ withWorker: true, env: { AUDIT_SIGNING_KEY: SIGNING_KEY } });
  call = apiCaller(api.url);
  // The CLI on the API's database, with its signing key; the master key is the same .data default as the API's.
  cliEnv = { DATABASE_URL: api.db.url, AUDIT_SIGNING_KEY: SIGNING_KEY };
  const setup = (await call('POST', '/setup')).body;
  const token = (await call('POST', '/auth/sign-in', undefined, { email: setup.email, password: setup.password })).body.access_token;
  admin = { id: (await call('GET', '/auth/me', token)).body.id, token };
}, 60_000);
afterAll(async () => {
  await api?.stop();
});

async function ok(method: string, p: string, body?: unknown) {
  const res = await call(method, p, admin.token, body);
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const auditor = async (name: string) => (await ok('POST', '/users', { fullName: name, email: `${name.toLowerCase()}-${Date.now()}@academy.test`, role: 'auditor' })).user.id as string;

it('audit checkpoints lists the signed checkpoints with who made them, and export-checkpoint writes the file the Verify page exports', async () => {
  expect(await cli('audit', 'checkpoints')).toMatchObject({ status: 0, stdout: expect.stringMatching(/^no signed checkpoint yet: /) });
  // The dashboard's acts: verify (the worker's job), then Sign a checkpoint.
  const { id } = await ok('POST', '/audit/verifications', {});
  await untilValue(() => ok('GET', `/audit/verifications/${id}`), (v) => v.state === 'done', 'the verification', 60_000);
  const { checkpoint } = await ok('POST', '/audit/checkpoints');

  const listed = await cli('audit', 'checkpoints');
  expect(listed).toMatchObject({ status: 0, stderr: '' });
  expect(listed.stdout).toBe(`checkpoint ${checkpoint.position} signed ${checkpoint.at} by ${admin.id}: head ${checkpoint.headHash}, key ${checkpoint.keyId}, id ${checkpoint.id}\n`);

  const file = path.join(dir, 'checkpoint.json');
  expect(await cli('audit', 'export-checkpoint', String(checkpoint.position), file)).toMatchObject({ status: 0, stdout: `wrote checkpoint ${checkpoint.position} (head ${checkpoint.headHash}, signed ${checkpoint.at}) to ${file}\n` });
  // The same bytes as the Verify page's download (the API's file as JSON with two-space indents).
  const exported = (await call('GET', `/audit/checkpoints/${checkpoint.id}/export`, admin.token)).body;
  expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(exported, null, 2));
  // Kept outside the database, it is what verify --checkpoint takes.
  const verified = await cli('audit', 'verify', '--checkpoint', file);
  expect(verified).toMatchObject({ status: 0, stdout: expect.stringMatching(/^ok: \d+ events, head \d+:[0-9a-f]{64}\n$/) });
  expect(verified.stderr).toMatch(/^verify: \d+\/\d+ events \(100 %\), ETA \d+ s$/m);

  // By id as well; an existing file is never overwritten; an unknown checkpoint is a failure.
  expect((await cli('audit', 'export-checkpoint', checkpoint.id, path.join(dir, 'by-id.json'))).status).toBe(0);
  expect(readFileSync(path.join(dir, 'by-id.json'), 'utf8')).toBe(readFileSync(file, 'utf8'));
  expect(await cli('audit', 'export-checkpoint', String(checkpoint.position), file)).toMatchObject({ status: 1, stdout: expect.stringContaining('EEXIST') });
  expect(await cli('audit', 'export-checkpoint', '999999', path.join(dir, 'none.json'))).toMatchObject({ status: 1, stdout: 'no signed checkpoint at position 999999 (see academy audit checkpoints)\n' });
  expect((await cli('audit', 'export-checkpoint', String(checkpoint.position))).status).toBe(2);
}, 120_000);

it('audit grants lists the personal-data grants an admin gave, with the ones taken back', async () => {
  expect(await cli('audit', 'grants')).toMatchObject({ status: 0, stdout: 'no auditor was ever granted personal data\n' });
  const [kept, revoked, never] = [await auditor('Kept'), await auditor('Revoked'), await auditor('Never')];
  await ok('PUT', `/audit/personal-data-access/${revoked}`);
  await ok('PUT', `/audit/personal-data-access/${kept}`);
  await ok('DELETE', `/audit/personal-data-access/${revoked}`);
  // Each line is what the Users page's switch shows for that auditor (GET /audit/personal-data-access/:id).
  const line = async (id: string) => {
    const a = (await ok('GET', `/audit/personal-data-access/${id}`)).access;
    return `${id}: ${a.granted ? 'granted' : 'revoked'} since ${a.since} by ${admin.id}`;
  };
  const out = await cli('audit', 'grants');
  expect(out.status).toBe(0);
  expect(out.stdout.trimEnd().split('\n')).toEqual([await line(revoked), await line(kept)]);
  expect(out.stdout).toContain(`${kept}: granted since `);
  expect(out.stdout).toContain(`${revoked}: revoked since `);
  expect(out.stdout).not.toContain(never);
});

it('audit events pages the Event log with its filters, and audit event shows one in full as the API does', async () => {
  const email = `sipho-${Date.now()}@academy.test`;
  const live = (await ok('POST', '/users', { fullName: 'Sipho Dlamini', email, role: 'teacher' })).user.id as string;
  const leaver = (await ok('POST', '/users', { fullName: 'Zanele Leaver', email: `zanele-${Date.now()}@academy.test`, role: 'teacher' })).user.id as string;
  await ok('DELETE', `/users/${leaver}`);

  // The same rows as the API's Event log, one a line, newest first, a keyset page at a time.
  const logged = (await ok('GET', `/audit/events?stream=user-${live}`)).events as Array<{ position: number; type: string; streamVersion: number }>;
  expect(logged.length).toBeGreaterThan(1);
  const all = await cli('audit', 'events', '--stream', `user-${live}`);
  expect(all.status).toBe(0);
  const rows = all.stdout.trimEnd().split('\n');
  expect(rows.map((l) => l.split(' ').slice(0, 4).filter((_, i) => i !== 1).join(' '))).toEqual(logged.map((e) => `${e.position} ${e.type} user-${live}@${e.streamVersion}`));
  expect(rows[rows.length - 1]).toMatch(new RegExp(` by admin ${admin.id}, personal present, correlation \\S+$`));
  const first = await cli('audit', 'events', '--stream', `user-${live}`, '--limit', '1');
  expect(first.stdout).toBe(`${rows[0]}\nolder: --before ${logged[0].position}\n`);
  expect((await cli('audit', 'events', '--stream', `user-${live}`, '--limit', '1', '--before', String(logged[0].position))).stdout).toMatch(new RegExp(`^${logged[1].position} `));
  // An erased user's events stay in the log, their personal part erased.
  expect((await cli('audit', 'events', '--stream', `user-${leaver}`, '--type', 'UserRegistered')).stdout).toMatch(/ by admin \S+, personal erased, correlation \S+\n$/);
  expect(await cli('audit', 'events', '--type', 'NoSuchType')).toMatchObject({ status: 0, stdout: 'no events match these filters\n' });
  // Bad filters: the field's message, as the API's 400 gives it, and exit 2.
  const bad = await cli('audit', 'events', '--from', 'yesterday');
  expect(bad.status).toBe(2);
  expect(bad.stdout).toMatch(/^from: From must be a date and time \(ISO 8601\)\n/);
  expect((await cli('audit', 'events', '--colour', 'red')).status).toBe(2);

  // One event: masked unless asked for in clear, then the same as the API gives an admin.
  const registered = logged.find((e) => e.type === 'UserRegistered')!.position;
  const masked = JSON.parse((await cli('audit', 'event', String(registered))).stdout);
  expect(masked.personal.state).toBe('masked');
  expect(JSON.stringify(masked)).not.toContain('Sipho');
  const clear = await cli('audit', 'event', String(registered), '--personal');
  expect(JSON.parse(clear.stdout)).toEqual((await ok('GET', `/audit/events/${registered}`)));
  expect(clear.stdout).toContain(email);
  expect(await cli('audit', 'event', '999999')).toMatchObject({ status: 1, stdout: 'no event at position 999999\n' });
  expect((await cli('audit', 'event', 'x')).status).toBe(2);
});

it('audit why and audit as-of answer from the log as the Why and Time travel pages do', async () => {
  const student = (await ok('POST', '/users', { fullName: 'Lerato Mokoena', email: `lerato-${Date.now()}@academy.test`, role: 'student' })).user.id;
  const { program } = await ok('POST', '/programs', { name: 'Web Development', type: 'evening' });
  const { subject } = await ok('POST', '/subjects', { name: 'HTML & CSS', programId: program.id });
  const { enrollment } = await ok('POST', '/enrollments', { studentId: student, programId: program.id, subjectId: subject.id });
  await ok('PUT', `/enrollments/${enrollment.id}/status`, { status: 'active' });

  const why = await cli('audit', 'why', 'enrollment-status', enrollment.id);
  expect(why.status).toBe(0);
  expect(why.stdout).toMatch(new RegExp(`^active\\n  ← EnrollmentStatusChanged #\\d+ \\(enrollment-${enrollment.id}\\) by admin ${admin.id} at \\S+\\n`));
  const asOf = await cli('audit', 'as-of', new Date(Date.now() + 60_000).toISOString(), 'enrollment', enrollment.id);
  expect(asOf.status).toBe(0);
  expect(asOf.stdout).toContain(`enrollment ${enrollment.code} (${enrollment.id}): active, Week 1 (`);
  // The names as they stood: the person's masked unless --personal, as `audit event` does.
  expect(asOf.stdout).toContain(`  student ••• (${student})\n  program Web Development (${program.id}), subject HTML & CSS (${subject.id})\n`);
  const named = await cli('audit', 'as-of', new Date(Date.now() + 60_000).toISOString(), 'enrollment', enrollment.id, '--personal');
  expect(named.stdout).toContain(`  student Lerato Mokoena (${student})\n`);
  expect((await cli('audit', 'as-of', new Date().toISOString(), 'pipeline', '--personal', 'extra')).status).toBe(2);
  expect((await cli('audit', 'as-of', '2000-01-01T00:00:00Z', 'enrollment', enrollment.id)).status).toBe(1);
});

it('projections rebuild reports its progress with counts and an ETA on stderr, the result alone on stdout', async () => {
  const head = Number(/^(\d+):/.exec((await cli('audit', 'head')).stdout)![1]);
  const r = await cli('projections', 'rebuild', 'enrollment');
  expect(r).toMatchObject({ status: 0, stdout: expect.stringMatching(/^enrollment v\d+ rebuilt to position \d+ in \S+ and swapped in\n$/) });
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(0);
  for (const l of lines) expect(l).toMatch(/^rebuild enrollment: \d+\/\d+ events \(\d+ %\), ETA \d+ s$/);
  // Counted against the head when it began, up to all of it.
  expect(lines.at(-1)).toMatch(new RegExp(`^rebuild enrollment: (\\d+)/(\\d+) events \\(100 %\\), ETA 0 s$`));
  expect(Number(/\/(\d+) events/.exec(lines.at(-1)!)![1])).toBeGreaterThanOrEqual(head);
});
