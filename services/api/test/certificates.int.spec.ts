// Certificates of completion (issue 19 §3, ADR 0030) over real HTTP, Postgres and Redis: issued with
// the completing status change, once per enrollment; the holder's (and admins') PDF; the public,
// rate-limited verification; revocation; an erased holder is no longer named.
import { apiErrorSchema, CERTIFICATE_MESSAGES, CertificateIssuedV1, certificatesResponseSchema, certificateVerificationResponseSchema, enrollmentResponseSchema, messageResponseSchema, type Program, programResponseSchema, revokeCertificateResponseSchema, type Subject, subjectResponseSchema } from '@academy/contracts';
import { bodyOf, readPdf } from '@academy/testing';
import { type Account, type Harness, ROLES, startHarness } from './modules-harness.js';

let h: Harness;
let student: Account;
let teacher: Account;
let studentAdmin: Account;
let auditor: Account;
let program: Program;
let subject: Subject;

beforeAll(async () => {
  h = await startHarness('certificates');
  student = await h.account('student', 'Ada Student');
  teacher = await h.account('teacher');
  studentAdmin = await h.account('student_admin');
  auditor = await h.account('auditor');
  program = bodyOf(await h.call('POST', '/programs', { token: h.admin.token, body: { name: 'Web Development', type: 'daytime', description: 'HTML to React' } }), programResponseSchema).program;
  subject = bodyOf(await h.call('POST', '/subjects', { token: h.admin.token, body: { name: 'Cohort A', programId: program.id } }), subjectResponseSchema).subject;
}, 60_000);
afterAll(async () => h?.stop());

const admin = () => h.admin.token;
const enroll = async (studentId: string) => bodyOf(await h.call('POST', '/enrollments', { token: admin(), body: { studentId, programId: program.id, subjectId: subject.id } }), enrollmentResponseSchema).enrollment;
const setStatus = (id: string, status: string) => h.call('PUT', `/enrollments/${id}/status`, { token: admin(), body: { status } });
const issuedEvents = async () => (await h.store.readAll(0, 100_000)).filter((e) => e.type === 'CertificateIssued');
/** A completed enrollment of a new student, and its certificate as the student sees it. */
async function completed(name = 'Grace Hopper') {
  const s = await h.account('student', name);
  const e = await enroll(s.userId);
  expect((await setStatus(e.id, 'active')).status).toBe(200);
  expect((await setStatus(e.id, 'completed')).status).toBe(200);
  const mine = await h.call('GET', '/student/certificates', { token: s.token, minPosition: await h.head() });
  expect(bodyOf(mine, certificatesResponseSchema).certificates).toHaveLength(1);
  return { s, e, certificate: bodyOf(mine, certificatesResponseSchema).certificates[0] };
}
const verify = (code: string, ip?: string) => h.call('GET', `/public/certificates/${code}`, { ip });
const pdf = async (enrollmentId: string, token?: string) => {
  const res = await fetch(`${h.url}/api/certificates/${enrollmentId}/pdf`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('authorization', () => {
  it('answers every certificate endpoint as expected for anonymous, student, teacher, admin, student admin and auditor callers', async () => {
    const { e: own, certificate } = await completed('Matrix Holder');
    const token = { anonymous: undefined, student: student.token, teacher: teacher.token, admin: admin(), student_admin: studentAdmin.token, auditor: auditor.token };
    const nobody = '00000000-0000-4000-8000-0000000000ff';
    const matrix: [string, string, unknown, number, number, number, number, number, number][] = [
      ['GET', '/student/certificates', undefined, 401, 200, 403, 403, 403, 403],
      ['GET', '/certificates', undefined, 401, 403, 403, 200, 403, 403],
      // Another student's certificate: 404 for the student, as if it did not exist.
      ['GET', `/certificates/${own.id}/pdf`, undefined, 401, 404, 403, 200, 403, 403],
      ['GET', `/certificates/${nobody}/pdf`, undefined, 401, 404, 403, 404, 403, 403],
      ['POST', `/certificates/${nobody}/revoke`, { reason: 'x' }, 401, 403, 403, 404, 403, 403],
      ['POST', `/certificates/${own.id}/revoke`, {}, 401, 403, 403, 400, 403, 403],
      // Public: anyone, signed in or not.
      ['GET', `/public/certificates/${certificate.code}`, undefined, 200, 200, 200, 200, 200, 200],
      ['GET', `/public/certificates/${'A'.repeat(22)}`, undefined, 404, 404, 404, 404, 404, 404],
    ];
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, path, body, ...expected] of matrix) {
      for (const [i, role] of ROLES.entries()) {
        const res = await h.call(method, path, { body, token: token[role] });
        got.push(`${method} ${path} ${role} → ${res.status}`);
        want.push(`${method} ${path} ${role} → ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });
});

describe('issuing', () => {
  it('issues one certificate with an unguessable code when the enrollment is completed, with its log position and hash', async () => {
    const before = (await issuedEvents()).length;
    const s = await h.account('student', 'Katherine Johnson');
    const e = await enroll(s.userId);
    await setStatus(e.id, 'active');
    // Nothing before completion.
    expect(bodyOf(await h.call('GET', '/student/certificates', { token: s.token, minPosition: await h.head() }), certificatesResponseSchema)).toEqual({ certificates: [] });
    const done = await setStatus(e.id, 'completed');
    expect(done.status).toBe(200);
    const events = await issuedEvents();
    expect(events).toHaveLength(before + 1);
    const issued = events.at(-1)!;
    // In the same append as the status change that completed the enrollment.
    const changed = (await h.store.readStream(`enrollment-${e.id}`)).at(-1)!;
    expect(changed.type).toBe('EnrollmentStatusChanged');
    expect(Math.abs(issued.position - changed.position)).toBe(1);
    expect(issued.streamId).toBe(`certificate-${e.id}`);
    const data = CertificateIssuedV1.parse(issued);
    expect(data.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(data.code, 'base64url')).toHaveLength(16);

    const mine = bodyOf(await h.call('GET', '/student/certificates', { token: s.token }), certificatesResponseSchema).certificates;
    expect(mine).toEqual([
      expect.objectContaining({
        enrollmentId: e.id,
        code: data.code,
        studentId: s.userId,
        studentName: 'Katherine Johnson',
        programName: 'Web Development',
        activatedAt: data.activatedAt,
        completedAt: bodyOf(done, enrollmentResponseSchema).enrollment.completedAt,
        revokedAt: null,
        revokedReason: null,
        log: { position: issued.position, hash: issued.hash },
      }),
    ]);
    const v = await verify(data.code);
    expect(v.status).toBe(200);
    expect(v.body).toEqual({
      certificate: {
        code: data.code,
        status: 'valid',
        holderName: 'Katherine Johnson',
        programName: 'Web Development',
        activatedAt: data.activatedAt,
        completedAt: bodyOf(done, enrollmentResponseSchema).enrollment.completedAt,
        issuedAt: issued.metadata.occurredAt,
        revokedAt: null,
        log: { position: issued.position, hash: issued.hash },
      },
    });
  });

  it('issues nothing more when the enrollment is completed again, or when a completion is repeated', async () => {
    const { e, certificate } = await completed('Mary Jackson');
    const count = (await issuedEvents()).length;
    expect((await setStatus(e.id, 'completed')).status).toBe(200);
    await setStatus(e.id, 'active');
    await setStatus(e.id, 'completed');
    await setStatus(e.id, 'dropped');
    await setStatus(e.id, 'completed');
    expect(await issuedEvents()).toHaveLength(count);
    const all = bodyOf(await h.call('GET', '/certificates', { token: admin(), minPosition: await h.head() }), certificatesResponseSchema).certificates.filter((c) => c.enrollmentId === e.id);
    expect(all).toEqual([expect.objectContaining({ code: certificate.code })]);
  });

  it('issues exactly one certificate when admins complete the same enrollment at the same time', async () => {
    const s = await h.account('student', 'Race Condition');
    const e = await enroll(s.userId);
    await setStatus(e.id, 'active');
    const before = (await issuedEvents()).length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => setStatus(e.id, 'completed')));
    // Each either completed it, found it completed (nothing to append), or lost the race (409).
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const mine = (await issuedEvents()).slice(before).filter((ev) => ev.streamId === `certificate-${e.id}`);
    expect(mine).toHaveLength(1);
    expect((await issuedEvents()).length).toBe(before + 1);
  });
});

describe('the PDF', () => {
  it('gives the holder and admins a PDF with the verification URL as a link over its QR code; no one else', async () => {
    const { s, e, certificate } = await completed('Dorothy Vaughan');
    const mine = await pdf(e.id, s.token);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe('application/pdf');
    expect(Buffer.from(mine.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const facts = await readPdf(mine.bytes);
    const url = `http://academy.test/verify/${certificate.code}`;
    expect(facts).toMatchObject({ pages: 1, links: [url], subject: url });
    expect(facts.images).toBe(1);
    expect((await pdf(e.id, admin())).status).toBe(200);
    const other = await h.call('GET', `/certificates/${e.id}/pdf`, { token: student.token });
    expect(other).toMatchObject({ status: 404, body: { message: CERTIFICATE_MESSAGES.certificateNotFound } });
    expect((await pdf(e.id)).status).toBe(401);
    expect((await h.call('GET', '/certificates/not-an-id/pdf', { token: admin() })).status).toBe(404);
  });

  it('prints a name the standard fonts cannot encode without failing', async () => {
    const { s, e } = await completed('Nguyễn Thị Ánh 🎓');
    const res = await pdf(e.id, s.token);
    expect(res.status).toBe(200);
    expect((await readPdf(res.bytes)).pages).toBe(1);
  });
});

describe('the public lookup', () => {
  it('answers the same bare 404 for unknown, malformed and hostile codes', async () => {
    const answers = await Promise.all(['A'.repeat(22), 'short', '..%2F..%2Fetc', "x' OR '1'='1", 'A'.repeat(500)].map((c) => verify(encodeURIComponent(c))));
    for (const a of answers) expect(a).toMatchObject({ status: 404, body: { message: CERTIFICATE_MESSAGES.certificateNotFound } });
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  });

  it('is rate-limited per address, found or not, with 429 and Retry-After', async () => {
    const { certificate } = await completed('Rate Limited');
    const ip = '10.77.0.1';
    for (let i = 0; i < 30; i++) expect((await verify(i % 2 ? certificate.code : 'B'.repeat(22), ip)).status).toBe(i % 2 ? 200 : 404);
    const limited = await verify(certificate.code, ip);
    expect(limited.status).toBe(429);
    expect(bodyOf(limited, messageResponseSchema).message).toBe(CERTIFICATE_MESSAGES.rateLimited);
    const raw = await fetch(`${h.url}/api/public/certificates/${certificate.code}`, { headers: { 'x-forwarded-for': ip } });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await verify(certificate.code, '10.77.0.2')).status).toBe(200);
  });
});

describe('revoking', () => {
  it('needs a reason, then says revoked everywhere; the reason is for admins only; twice is 409', async () => {
    const { s, e, certificate } = await completed('Revoked Holder');
    const blank = await h.call('POST', `/certificates/${e.id}/revoke`, { token: admin(), body: { reason: '   ' } });
    expect(blank.status).toBe(400);
    expect(bodyOf(blank, apiErrorSchema).fields?.reason).toEqual([CERTIFICATE_MESSAGES.reasonRequired]);
    const long = await h.call('POST', `/certificates/${e.id}/revoke`, { token: admin(), body: { reason: 'x'.repeat(501) } });
    expect(bodyOf(long, apiErrorSchema).fields?.reason).toEqual([CERTIFICATE_MESSAGES.reasonTooLong]);
    expect(bodyOf(await verify(certificate.code), certificateVerificationResponseSchema).certificate.status).toBe('valid');

    const res = await h.call('POST', `/certificates/${e.id}/revoke`, { token: admin(), body: { reason: ' Plagiarised capstone ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: CERTIFICATE_MESSAGES.revoked, certificate: { enrollmentId: e.id, revokedReason: 'Plagiarised capstone' } });
    expect(bodyOf(res, revokeCertificateResponseSchema).certificate.revokedAt).not.toBeNull();
    const v = bodyOf(await verify(certificate.code), certificateVerificationResponseSchema).certificate;
    expect(v).toMatchObject({ status: 'revoked', revokedAt: bodyOf(res, revokeCertificateResponseSchema).certificate.revokedAt, holderName: 'Revoked Holder' });
    expect(JSON.stringify(v)).not.toContain('Plagiarised');
    expect(bodyOf(await h.call('GET', '/student/certificates', { token: s.token }), certificatesResponseSchema).certificates[0]).toMatchObject({ revokedAt: bodyOf(res, revokeCertificateResponseSchema).certificate.revokedAt, revokedReason: null });
    // The reason is the holder's personal data: encrypted in the log.
    const revokedEvent = (await h.store.readStream(`certificate-${e.id}`)).at(-1)!;
    expect(revokedEvent.type).toBe('CertificateRevoked');
    const stored = await h.pool.query<{ d: string; p: string }>('SELECT data::text AS d, personal::text AS p FROM event_store.events WHERE event_id = $1', [revokedEvent.id]);
    expect(stored.rows[0].d + stored.rows[0].p).not.toContain('Plagiarised');

    // Two admins at once on another certificate: one revocation, the other 409.
    const { e: raced } = await completed('Raced Revocation');
    const both = await Promise.all([1, 2].map((n) => h.call('POST', `/certificates/${raced.id}/revoke`, { token: admin(), body: { reason: `reason ${n}` } })));
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    expect((await h.store.readStream(`certificate-${raced.id}`)).filter((ev) => ev.type === 'CertificateRevoked')).toHaveLength(1);

    const again = await h.call('POST', `/certificates/${e.id}/revoke`, { token: admin(), body: { reason: 'again' } });
    expect(again).toMatchObject({ status: 409, body: { message: CERTIFICATE_MESSAGES.alreadyRevoked } });
    // Completing again does not issue a fresh, valid one.
    await setStatus(e.id, 'active');
    await setStatus(e.id, 'completed');
    expect(bodyOf(await verify(certificate.code), certificateVerificationResponseSchema).certificate.status).toBe('revoked');
  });
});

describe('erasure', () => {
  it('keeps an erased holder\'s certificate verifiable, naming no one', async () => {
    const { s, certificate } = await completed('Erased Holder');
    expect(bodyOf(await verify(certificate.code), certificateVerificationResponseSchema).certificate.holderName).toBe('Erased Holder');
    expect((await h.call('DELETE', `/users/${s.userId}`, { token: admin() })).status).toBe(200);
    const v = await h.call('GET', `/public/certificates/${certificate.code}`, { minPosition: await h.head() });
    expect(v.status).toBe(200);
    expect(bodyOf(v, certificateVerificationResponseSchema).certificate).toMatchObject({ status: 'valid', holderName: null, programName: 'Web Development', log: certificate.log });
    expect(JSON.stringify(v.body)).not.toContain('Erased Holder');
    const listed = bodyOf(await h.call('GET', '/certificates', { token: admin() }), certificatesResponseSchema).certificates.find((c) => c.code === certificate.code);
    expect(listed).toMatchObject({ studentName: null });
  });
});
