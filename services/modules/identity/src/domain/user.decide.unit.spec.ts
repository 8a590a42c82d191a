// given events / when command / then events (ARCHITECTURE.md §9), with the decider kit.
import type { EventMetadata } from '@academy/event-store';
import { IDENTITY_MESSAGES, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { decideUser, type UserCommand, userDecider } from './user.decide.js';
import type { UserEvent } from './user.js';

const meta: EventMetadata = { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-23T00:00:00.000Z' };
const user = deciderSpec(userDecider, meta);

const register: Extract<UserCommand, { type: 'RegisterUser' }> = {
  type: 'RegisterUser',
  userId: 'u1',
  role: 'student',
  email: 'ada@example.com',
  emailHash: 'h',
  fullName: 'Ada Lovelace',
  passwordHash: '$argon2id$x',
  selfRegistered: true,
  verification: { tokenHash: 'tok-hash', expiresAt: '2026-11-25T00:00:00.000Z', verifyUrl: 'http://x/auth/verify?token=raw' },
};
const [registered, verificationRequested] = decideUser(register, userDecider.initialState());
const profile = { fullName: 'Ada King', phone: '+27 11 111 1111', address: '1 Main Rd', dateOfBirth: '1990-12-10', emergencyContactName: 'Bob', emergencyContactPhone: '+27 22 222 2222' };
const staffCreated = { ...register, selfRegistered: false, verification: null };
const notFound = (message: string) => ({ kind: 'not_found' as const, message });

describe('user aggregate', () => {
  it('registers a self-registered student and requests verification: personal data apart, only the token hash in data', () => {
    const events = user.given().when(register).then([
      {
        type: 'UserRegistered',
        data: { userId: 'u1', role: 'student', emailHash: 'h', selfRegistered: true },
        personal: { subjectId: 'u1', data: { email: 'ada@example.com', fullName: 'Ada Lovelace', passwordHash: '$argon2id$x' } },
      },
      {
        type: 'EmailVerificationRequested',
        data: { userId: 'u1', tokenHash: 'tok-hash', expiresAt: '2026-11-25T00:00:00.000Z' },
        personal: { subjectId: 'u1', data: { email: 'ada@example.com', fullName: 'Ada Lovelace', verifyUrl: 'http://x/auth/verify?token=raw' } },
      },
    ]);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('raw');
    expect(user.given(...events).state).toMatchObject({ exists: true, verified: false, role: 'student', firstLoginCompleted: false });
  });

  it('refuses to register the same user twice', () => {
    user.given(registered, verificationRequested).when(register).thenRefused({ kind: 'conflict', message: IDENTITY_MESSAGES.emailTaken });
  });

  it('an account created without self-registration is verified at once', () => {
    const events = user
      .given()
      .when({ ...staffCreated, role: 'admin' })
      .then([
        {
          type: 'UserRegistered',
          data: { userId: 'u1', role: 'admin', emailHash: 'h', selfRegistered: false },
          personal: { subjectId: 'u1', data: { email: 'ada@example.com', fullName: 'Ada Lovelace', passwordHash: '$argon2id$x' } },
        },
      ]);
    expect(user.given(...events).state).toMatchObject({ verified: true, role: 'admin' });
  });

  it('verifies the email with the right, unexpired token; then verifying again changes nothing', () => {
    const [verified] = user.given(registered, verificationRequested).when({ type: 'VerifyEmail', tokenHash: 'tok-hash', now: '2026-11-24T00:00:00.000Z' }).then([{ type: 'EmailVerified', data: { userId: 'u1' } }]);
    user.given(registered, verificationRequested, verified).when({ type: 'VerifyEmail', tokenHash: 'other', now: '2026-11-24T00:00:00.000Z' }).thenNothing();
  });

  it.each([
    ['a wrong token', 'wrong', '2026-11-24T00:00:00.000Z'],
    ['an expired token', 'tok-hash', '2026-11-25T00:00:00.001Z'],
  ])('refuses %s', (_label, tokenHash, now) => {
    user
      .given(registered, verificationRequested)
      .when({ type: 'VerifyEmail', tokenHash, now })
      .thenRefused({ kind: 'invalid', message: IDENTITY_MESSAGES.invalidVerificationToken, fields: { token: [IDENTITY_MESSAGES.invalidVerificationToken] } });
  });

  it('completing the profile records the profile and the new password in one decision', () => {
    const events = user
      .given(registered, verificationRequested)
      .when({ type: 'CompleteProfile', profile, passwordHash: '$argon2id$new' })
      .then([
        { type: 'ProfileCompleted', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: profile } },
        { type: 'PasswordChanged', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$new' } } },
      ]);
    expect(user.given(registered, verificationRequested, ...events).state.firstLoginCompleted).toBe(true);
  });

  it('assigns a new role, and nothing when the role is the same', () => {
    user
      .given(registered, verificationRequested)
      .when({ type: 'AssignRole', role: 'teacher', actorId: 'admin-1' })
      .then([{ type: 'RoleAssigned', data: { userId: 'u1', role: 'teacher', previousRole: 'student' } }]);
    user.given(registered, verificationRequested).when({ type: 'AssignRole', role: 'student', actorId: 'admin-1' }).thenNothing();
  });

  it('an administrator changes neither their own role nor deletes their own account', () => {
    const admin = decideUser({ ...staffCreated, role: 'admin' }, userDecider.initialState());
    user.given(...admin).when({ type: 'AssignRole', role: 'student', actorId: 'u1' }).thenRefused({ kind: 'conflict', message: USER_ADMIN_MESSAGES.cannotChangeOwnRole });
    user.given(...admin).when({ type: 'DeleteUser', actorId: 'u1' }).thenRefused({ kind: 'conflict', message: USER_ADMIN_MESSAGES.cannotDeleteSelf });
    // The keyed email lookup travels with the deletion: other contexts erase what they hold under it.
    user.given(...admin).when({ type: 'DeleteUser', actorId: 'admin-2' }).then([{ type: 'UserDeleted', data: { userId: 'u1', emailLookup: 'h' } }]);
  });

  it('refuses every command on a missing or deleted user, naming what the page looked for', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', emailLookup: 'h' } };
    expect(user.given(registered, verificationRequested, deleted).state.deleted).toBe(true);
    for (const history of [[], [registered, verificationRequested, deleted]]) {
      const given = () => user.given(...history);
      given().when({ type: 'AssignRole', role: 'admin', actorId: 'admin-1' }).thenRefused(notFound(USER_ADMIN_MESSAGES.userNotFound));
      given().when({ type: 'DeleteUser', actorId: 'admin-1' }).thenRefused(notFound(USER_ADMIN_MESSAGES.userNotFound));
      given().when({ type: 'UpdateStudentContact', contact: { fullName: 'X', phone: '', address: '' } }).thenRefused(notFound(USER_ADMIN_MESSAGES.studentNotFound));
      given().when({ type: 'ChangePassword', currentPasswordMatches: true, passwordHash: 'h' }).thenRefused(notFound('This account does not exist.'));
    }
  });

  it('an account created by staff is verified and gets an invitation with the temporary password (personal part only)', () => {
    const events = user
      .given()
      .when({ ...staffCreated, role: 'teacher', phone: '+27 11 111 1111', invitation: { temporaryPassword: 'Temp-Pass-123456', signInUrl: 'http://x/auth' } })
      .then([
        {
          type: 'UserRegistered',
          data: { userId: 'u1', role: 'teacher', emailHash: 'h', selfRegistered: false },
          personal: { subjectId: 'u1', data: { email: 'ada@example.com', fullName: 'Ada Lovelace', passwordHash: '$argon2id$x', phone: '+27 11 111 1111' } },
        },
        {
          type: 'AccountCredentialsIssued',
          data: { userId: 'u1', role: 'teacher' },
          personal: { subjectId: 'invitation-u1', data: { email: 'ada@example.com', fullName: 'Ada Lovelace', temporaryPassword: 'Temp-Pass-123456', signInUrl: 'http://x/auth' } },
        },
      ]);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('Temp-Pass');
    expect(user.given(...events).state).toMatchObject({ verified: true, firstLoginCompleted: false, role: 'teacher', emailHash: 'h' });
  });

  it("updates a student's contact, and only a student's", () => {
    const contact = { fullName: 'Ada King', phone: '+27 11 111 1111', address: '1 Main Rd' };
    user.given(registered).when({ type: 'UpdateStudentContact', contact }).then([{ type: 'StudentContactUpdated', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: contact } }]);
    user
      .given(registered, { type: 'RoleAssigned', data: { userId: 'u1', role: 'teacher', previousRole: 'student' } })
      .when({ type: 'UpdateStudentContact', contact })
      .thenRefused(notFound(USER_ADMIN_MESSAGES.studentNotFound));
  });

  it('changes the password only when the current one matched', () => {
    user
      .given(registered)
      .when({ type: 'ChangePassword', currentPasswordMatches: true, passwordHash: '$argon2id$new' })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$new' } } }]);
    user
      .given(registered)
      .when({ type: 'ChangePassword', currentPasswordMatches: false, passwordHash: null })
      .thenRefused({ kind: 'invalid', message: USER_ADMIN_MESSAGES.wrongCurrentPassword, fields: { currentPassword: [USER_ADMIN_MESSAGES.wrongCurrentPassword] } });
  });

  it('records notification preferences, and nothing when they did not change', () => {
    const preferences = { newApplications: false, newSubmissions: true, submissionGraded: true, announcements: true };
    const events = user.given(registered).when({ type: 'SetNotificationPreferences', preferences }).then([{ type: 'NotificationPreferencesChanged', data: { userId: 'u1', preferences } }]);
    expect(user.given(registered, ...events).state.notificationPreferences).toEqual(preferences);
    user.given(registered, ...events).when({ type: 'SetNotificationPreferences', preferences: { ...preferences } }).thenNothing();
    user
      .given(registered, ...events)
      .when({ type: 'SetNotificationPreferences', preferences: { ...preferences, newApplications: true } })
      .then([{ type: 'NotificationPreferencesChanged', data: { userId: 'u1', preferences: { ...preferences, newApplications: true } } }]);
  });
});

describe('temporary passwords', () => {
  const ISSUED = '2026-11-01T09:00:00.000Z';
  const plus = (ms: number) => new Date(Date.parse(ISSUED) + ms).toISOString();
  const DAY = 24 * 3600 * 1000;
  /** The history as if it all happened at `occurredAt` (what evolve reads the issue time from). */
  const at = (occurredAt: string) => deciderSpec(userDecider, { ...meta, occurredAt });
  const [staffRegistered, credentials] = decideUser({ ...staffCreated, invitation: { temporaryPassword: 'Temp-Pass-123456', signInUrl: 'http://x/auth' } }, userDecider.initialState());
  const invited = () => at(ISSUED).given(staffRegistered, credentials);
  const reissue: Extract<UserCommand, { type: 'ReissueTemporaryPassword' }> = {
    type: 'ReissueTemporaryPassword',
    actorId: 'admin-1',
    actorRole: 'admin',
    passwordHash: '$argon2id$reissued',
    temporaryPassword: 'New-Temp-Pass-654321',
    signInUrl: 'http://x/auth',
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
  };
  const expired = { kind: 'forbidden' as const, message: 'Your temporary password has expired. Ask the academy to send you a new one.' };

  it('a mailed password signs in for 7 days after it was issued, and not a second longer', () => {
    expect(expired.message).toBe(IDENTITY_MESSAGES.temporaryPasswordExpired);
    invited().when({ type: 'SignIn', now: plus(6 * DAY) }).thenNothing();
    invited().when({ type: 'SignIn', now: plus(7 * DAY - 1) }).thenNothing();
    invited().when({ type: 'SignIn', now: plus(7 * DAY) }).thenRefused(expired);
    invited().when({ type: 'SignIn', now: plus(7 * DAY + 1000) }).thenRefused(expired);
  });

  it('a password the person chose never expires: profile completion, a password change, self sign-up, the setup administrator', () => {
    const completed = invited().when({ type: 'CompleteProfile', profile, passwordHash: '$argon2id$own' }).then([
      { type: 'ProfileCompleted', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: profile } },
      { type: 'PasswordChanged', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$own' } } },
    ]);
    at(ISSUED).given(staffRegistered, credentials, ...completed).when({ type: 'SignIn', now: plus(365 * DAY) }).thenNothing();
    const changed = invited().when({ type: 'ChangePassword', currentPasswordMatches: true, passwordHash: '$argon2id$own' }).then([
      { type: 'PasswordChanged', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$own' } } },
    ]);
    at(ISSUED).given(staffRegistered, credentials, ...changed).when({ type: 'SignIn', now: plus(365 * DAY) }).thenNothing();
    at(ISSUED).given(registered, verificationRequested).when({ type: 'SignIn', now: plus(365 * DAY) }).thenNothing();
    const setupAdmin = decideUser({ ...staffCreated, role: 'admin' }, userDecider.initialState());
    at(ISSUED).given(...setupAdmin).when({ type: 'SignIn', now: plus(365 * DAY) }).thenNothing();
  });

  it('re-issuing replaces the password hash and mails the new one under a fresh invitation subject; the 7 days start again', () => {
    const events = invited().when(reissue).then([
      { type: 'PasswordChanged', data: { userId: 'u1', temporary: true }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$reissued' } } },
      {
        type: 'TemporaryPasswordIssued',
        data: { userId: 'u1', role: 'student', invitation: 2 },
        personal: { subjectId: 'invitation-u1-2', data: { email: 'ada@example.com', fullName: 'Ada Lovelace', temporaryPassword: 'New-Temp-Pass-654321', signInUrl: 'http://x/auth' } },
      },
    ]);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('New-Temp-Pass');
    // Re-issued 10 days after the first mail: the newest issue time is what counts.
    const reissued = at(plus(10 * DAY)).given(staffRegistered, credentials, ...events);
    expect(reissued.state).toMatchObject({ temporaryPasswordIssuedAt: plus(10 * DAY), invitations: 2 });
    reissued.when({ type: 'SignIn', now: plus(16 * DAY) }).thenNothing();
    reissued.when({ type: 'SignIn', now: plus(17 * DAY) }).thenRefused(expired);
    // The next one gets the third subject.
    expect(reissued.when(reissue).then([
      { type: 'PasswordChanged', data: { userId: 'u1', temporary: true }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$reissued' } } },
      {
        type: 'TemporaryPasswordIssued',
        data: { userId: 'u1', role: 'student', invitation: 3 },
        personal: { subjectId: 'invitation-u1-3', data: { email: 'ada@example.com', fullName: 'Ada Lovelace', temporaryPassword: 'New-Temp-Pass-654321', signInUrl: 'http://x/auth' } },
      },
    ])).toHaveLength(2);
  });

  it('a student admin may re-issue a student’s password only; nobody re-issues their own; a deleted user is not found', () => {
    const asStudentAdmin = { ...reissue, actorRole: 'student_admin', actorId: 'sa-1' };
    expect(decideUser(asStudentAdmin, invited().state).map((e) => e.type)).toEqual(['PasswordChanged', 'TemporaryPasswordIssued']);
    const teacher = at(ISSUED).given({ ...staffRegistered, data: { ...staffRegistered.data, role: 'teacher' } } as UserEvent, credentials);
    teacher.when(asStudentAdmin).thenRefused(notFound(USER_ADMIN_MESSAGES.studentNotFound));
    expect(decideUser(reissue, teacher.state).map((e) => e.type)).toEqual(['PasswordChanged', 'TemporaryPasswordIssued']);
    invited().when({ ...reissue, actorId: 'u1' }).thenRefused({ kind: 'conflict', message: USER_ADMIN_MESSAGES.cannotReissueOwnPassword });
    at(ISSUED).given(staffRegistered, credentials, { type: 'UserDeleted', data: { userId: 'u1' } } as UserEvent).when(reissue).thenRefused(notFound(USER_ADMIN_MESSAGES.userNotFound));
    at(ISSUED).given().when(reissue).thenRefused('not_found');
  });
});
