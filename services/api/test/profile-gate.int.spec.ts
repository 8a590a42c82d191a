// The server-side first-login gate (issue 13, defect 9) across every context: a student whose profile
// is not complete gets 403 PROFILE_INCOMPLETE from every student endpoint, may complete the profile,
// and then calls them like anyone. Real HTTP, Postgres and Redis (see modules-harness.ts).
import { apiErrorSchema, messageResponseSchema, sessionSchema, userResponseSchema } from '@academy/contracts';
import { bodyOf } from '@academy/testing';
import { type Harness, startHarness } from './modules-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('profile-gate');
}, 60_000);
afterAll(async () => h?.stop());

/** A student made by the admin who signed in with the mailed password and did nothing else. */
async function incompleteStudent(): Promise<{ userId: string; token: string; fullName: string }> {
  const fullName = 'Gated Student';
  const email = `gated.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const created = await h.call('POST', '/users', { token: h.admin.token, body: { fullName, email, role: 'student' } });
  expect(created.status).toBe(201);
  const userId = bodyOf(created, userResponseSchema).user.id;
  const invitation = (await h.store.readStream(`user-${userId}`)).find((e) => e.type === 'AccountCredentialsIssued')!;
  const password = (invitation.personal!.data as { temporaryPassword: string }).temporaryPassword;
  const session = await h.call('POST', '/auth/sign-in', { body: { email, password } });
  expect(session.status).toBe(200);
  const { user, access_token } = bodyOf(session, sessionSchema);
  expect(user.firstLoginCompleted).toBe(false);
  return { userId, token: access_token, fullName };
}

const nobody = '00000000-0000-4000-8000-0000000000ff';
// Every endpoint a student may call once complete (the notifications bell included).
const STUDENT_CALLS: [string, string, unknown][] = [
  ['GET', '/student/lessons', undefined],
  ['GET', '/student/enrollment', undefined],
  ['GET', '/student/grades', undefined],
  ['GET', '/student/progress', undefined],
  ['GET', '/student/dashboard', undefined],
  ['GET', `/enrollments/${nobody}`, undefined],
  ['GET', `/submissions/${nobody}`, undefined],
  ['POST', '/student/submissions', { taskId: nobody, githubUrl: 'https://github.com/a/b' }],
  ['GET', '/notifications', undefined],
  ['GET', '/account/sessions', undefined],
];

describe('profile gate', () => {
  it('answers 403 PROFILE_INCOMPLETE to every student endpoint until the profile is complete, then lets the student in', async () => {
    const s = await incompleteStudent();
    const before = await h.head();
    for (const [method, path, body] of STUDENT_CALLS) {
      const res = await h.call(method, path, { token: s.token, body });
      expect(`${method} ${path} → ${res.status} ${apiErrorSchema.safeParse(res.body).data?.code}`).toBe(`${method} ${path} → 403 PROFILE_INCOMPLETE`);
      expect(bodyOf(res, messageResponseSchema).message).toBe('Please complete your profile before you continue.');
    }
    expect(await h.head()).toBe(before);

    const own = 'a passphrase of my own';
    const done = await h.call('POST', '/profile/complete', {
      token: s.token,
      body: { fullName: s.fullName, phone: '+27 11 000 0000', address: '1 Main Road', dateOfBirth: '2000-01-01', emergencyContactName: 'Kin', emergencyContactPhone: '+27 11 000 0001', password: own, confirmPassword: own },
    });
    expect(done).toMatchObject({ status: 200, body: { user: { firstLoginCompleted: true } } });
    // The same token, right after the answer: no stale "incomplete" anywhere.
    expect((await h.call('GET', '/student/lessons', { token: s.token })).status).toBe(200);
    for (const [method, path, body] of STUDENT_CALLS) {
      const res = await h.call(method, path, { token: s.token, body });
      expect(res.body ?? {}).not.toHaveProperty('code');
      expect(res.status).not.toBe(401);
    }
  });
});
