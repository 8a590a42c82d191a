// CLI parity (issue 16, "Everything the dashboard does is available from the CLI"): the BUILT
// `academy` CLI (services/worker/dist/cli/academy.js) against the database of the built API and
// worker, after the dashboard's acts went through the API: the checkpoints the Verify page lists,
// exported to the same file it downloads (which `audit verify --checkpoint` then takes), the
// personal-data grants an admin gave and took back, why and as-of, and a rebuild's progress on stderr;
// and (issue 28) an evidence bundle it exports, checked through `npm run academy` as an outside party's
// fresh clone runs it: no academy data, no DATABASE_URL.
import { z } from 'zod';
import { auditAccessResponseSchema, auditAccessStateResponseSchema, auditCheckpointResponseSchema, auditEventDetailSchema, auditEventsResponseSchema, enrollmentResponseSchema, meResponseSchema, messageResponseSchema, programResponseSchema, sessionSchema, setupResponseSchema, subjectResponseSchema, userResponseSchema, verificationAcceptedSchema, verificationStatusSchema } from '@academy/contracts';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { bodyOf, academyCliWith, apiCaller, repoRoot, type RunningApi, startApi, untilValue } from '@academy/testing';

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
  const setup = bodyOf(await call('POST', '/setup'), setupResponseSchema);
  const token = bodyOf(await call('POST', '/auth/sign-in', undefined, { email: setup.email, password: setup.password }), sessionSchema).access_token;
  admin = { id: bodyOf(await call('GET', '/auth/me', token), meResponseSchema).id, token };
}, 60_000);
afterAll(async () => {
  await api?.stop();
});

async function ok<S extends z.ZodType>(method: string, p: string, schema: S, body?: unknown) {
  const res = await call(method, p, admin.token, body);
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
  return bodyOf(res, schema);
}
const auditor = async (name: string) => (await ok('POST', '/users', userResponseSchema, { fullName: name, email: `${name.toLowerCase()}-${Date.now()}@academy.test`, role: 'auditor' })).user.id;

it('audit checkpoints lists the signed checkpoints with who made them, and export-checkpoint writes the file the Verify page exports', async () => {
  expect(await cli('audit', 'checkpoints')).toMatchObject({ status: 0, stdout: expect.stringMatching(/^no signed checkpoint yet: /) });
  // The dashboard's acts: verify (the worker's job), then Sign a checkpoint.
  const { id } = await ok('POST', '/audit/verifications', verificationAcceptedSchema, {});
  await untilValue(() => ok('GET', `/audit/verifications/${id}`, verificationStatusSchema), (v) => v.state === 'done', 'the verification', 60_000);
  const { checkpoint } = await ok('POST', '/audit/checkpoints', auditCheckpointResponseSchema);

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
  await ok('PUT', `/audit/personal-data-access/${revoked}`, auditAccessResponseSchema);
  await ok('PUT', `/audit/personal-data-access/${kept}`, auditAccessResponseSchema);
  await ok('DELETE', `/audit/personal-data-access/${revoked}`, auditAccessResponseSchema);
  // Each line is what the Users page's switch shows for that auditor (GET /audit/personal-data-access/:id).
  const line = async (id: string) => {
    const a = (await ok('GET', `/audit/personal-data-access/${id}`, auditAccessStateResponseSchema)).access;
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
  const live = (await ok('POST', '/users', userResponseSchema, { fullName: 'Sipho Dlamini', email, role: 'teacher' })).user.id;
  const leaver = (await ok('POST', '/users', userResponseSchema, { fullName: 'Zanele Leaver', email: `zanele-${Date.now()}@academy.test`, role: 'teacher' })).user.id;
  await ok('DELETE', `/users/${leaver}`, messageResponseSchema);

  // The same rows as the API's Event log, one a line, newest first, a keyset page at a time.
  const logged = (await ok('GET', `/audit/events?stream=user-${live}`, auditEventsResponseSchema)).events;
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
  expect(JSON.parse(clear.stdout)).toEqual((await ok('GET', `/audit/events/${registered}`, auditEventDetailSchema)));
  expect(clear.stdout).toContain(email);
  expect(await cli('audit', 'event', '999999')).toMatchObject({ status: 1, stdout: 'no event at position 999999\n' });
  expect((await cli('audit', 'event', 'x')).status).toBe(2);
});

it('audit why and audit as-of answer from the log as the Why and Time travel pages do', async () => {
  const student = (await ok('POST', '/users', userResponseSchema, { fullName: 'Lerato Mokoena', email: `lerato-${Date.now()}@academy.test`, role: 'student' })).user.id;
  const { program } = await ok('POST', '/programs', programResponseSchema, { name: 'Web Development', type: 'evening' });
  const { subject } = await ok('POST', '/subjects', subjectResponseSchema, { name: 'HTML & CSS', programId: program.id });
  const { enrollment } = await ok('POST', '/enrollments', enrollmentResponseSchema, { studentId: student, programId: program.id, subjectId: subject.id });
  await ok('PUT', `/enrollments/${enrollment.id}/status`, enrollmentResponseSchema, { status: 'active' });

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
  expect(await cli('audit', 'as-of', '2000-01-01T00:00:00Z', 'enrollment', enrollment.id)).toMatchObject({ status: 1, stdout: `no enrollment ${enrollment.id} as of 2000-01-01T00:00:00Z\n` });
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

describe('audit verify-bundle through npm run academy with no academy data and no DATABASE_URL (issue 28)', () => {
  // The data directory of a fresh clone: empty, and it must stay so (no embedded database made or started).
  const noData = mkdtempSync(path.join(tmpdir(), 'no-academy-data-'));
  /** The wrapper (scripts/academy-cli.mjs) in a fresh clone's environment: PATH and ACADEMY_DATA_DIR alone. */
  const fresh = (...args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [path.join(repoRoot, 'scripts/academy-cli.mjs'), ...args], { cwd: noData, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ACADEMY_DATA_DIR: noData } }, (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  /** A bundle written by the CLI's export from the API's database, closed by a checkpoint signed for it; made once. */
  let exported: Promise<{ lines: string[]; publicKey: string }> | undefined;
  const bundle = () =>
    (exported ??= (async () => {
      // Events of its own, so that it has a middle however the tests before it ran (or whether they did).
      for (let k = 0; k < 6; k++) await ok('POST', '/users', userResponseSchema, { fullName: `Bundle Teacher ${k}`, email: `bundle-${k}-${Date.now()}@academy.test`, role: 'teacher' });
      const { id } = await ok('POST', '/audit/verifications', verificationAcceptedSchema, {});
      await untilValue(() => ok('GET', `/audit/verifications/${id}`, verificationStatusSchema), (v) => v.state === 'done', 'the verification', 60_000);
      const { checkpoint } = await ok('POST', '/audit/checkpoints', auditCheckpointResponseSchema);
      const file = path.join(dir, 'evidence.jsonl');
      expect(await cli('audit', 'export-evidence', '1', String(checkpoint.position), file)).toMatchObject({ status: 0 });
      return { lines: readFileSync(file, 'utf8').split('\n'), publicKey: checkpoint.publicKey };
    })());
  /** Writes `lines` (the bundle's, changed) to a file of their own; returns its path. */
  const written = (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, lines.join('\n'));
    return file;
  };
  const isEvent = (line: string | undefined) => line?.startsWith('{"body":') ?? false;
  /** The line index (0-based) of an event in the middle of the bundle whose data has a key, between two events. */
  const middleEvent = (lines: string[]) => {
    const events = lines.flatMap((l, i) => (isEvent(l) && l.includes('"data":{"') && isEvent(lines[i - 1]) && isEvent(lines[i + 1]) ? [i] : []));
    expect(events.length).toBeGreaterThan(4);
    return events[Math.floor(events.length / 2)];
  };
  const positionAt = (line: string) => (JSON.parse(line) as { position: number }).position;

  it('verifies a good bundle (exit 0) and fails a changed one (exit 1), naming the changed event, not the signature line', async () => {
    const { lines, publicKey } = await bundle();
    const good = await fresh('audit', 'verify-bundle', written('good.jsonl', lines), '--public-key', publicKey);
    expect(good).toMatchObject({ status: 0, stderr: '', stdout: expect.stringMatching(/^ok: \d+ events 1\.\.\d+, every hash and link recomputed, through signed checkpoints? [\d, ]+; signed by key [0-9a-f]{16} \(the key given\)\n$/) });

    // One byte inside the data of an event in the middle: the first character of its first key.
    const i = middleEvent(lines);
    const at = lines[i].indexOf('"data":{"') + '"data":{"'.length;
    const changed = [...lines];
    changed[i] = `${lines[i].slice(0, at)}${lines[i][at] === 'x' ? 'y' : 'x'}${lines[i].slice(at + 1)}`;
    const bad = await fresh('audit', 'verify-bundle', written('changed.jsonl', changed), '--public-key', publicKey);
    expect(bad).toEqual({ status: 1, stderr: '', stdout: `FAILED at line ${i + 1} (event at position ${positionAt(lines[i])}): its hash does not match its content\n` });
    expect(readdirSync(noData)).toEqual([]);
  });

  it('names the first event whose link breaks when an event is removed or two are swapped', async () => {
    const { lines, publicKey } = await bundle();
    const i = middleEvent(lines);
    const [before, next] = [positionAt(lines[i - 1]), positionAt(lines[i + 1])];
    const linkBroken = (line: number, position: number, after: number) => ({
      status: 1,
      stderr: '',
      stdout: `FAILED at line ${line} (event at position ${position}): its previous hash is not the hash of the event before it (position ${after}): an event was removed, added or moved\n`,
    });
    // The event after the removed one is the first whose link breaks: it now follows the one before it.
    const removed = lines.filter((_, k) => k !== i);
    expect(await fresh('audit', 'verify-bundle', written('removed.jsonl', removed), '--public-key', publicKey)).toEqual(linkBroken(i + 1, next, before));
    // Swapped: the later event, now first, links to the one it followed.
    const swapped = [...lines.slice(0, i), lines[i + 1], lines[i], ...lines.slice(i + 2)];
    expect(await fresh('audit', 'verify-bundle', written('swapped.jsonl', swapped), '--public-key', publicKey)).toEqual(linkBroken(i + 1, next, before));
  });

  it('still refuses a command that needs the database, with the clear message and exit 2', async () => {
    expect(await fresh('audit', 'head')).toEqual({ status: 2, stdout: '', stderr: `academy: no academy database in ${noData} yet: run npm start once, or set DATABASE_URL\n` });
    expect(readdirSync(noData)).toEqual([]);
  });
});
