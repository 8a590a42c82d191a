// given events / when command / then events (ARCHITECTURE.md §9).
import { DomainError, type EventMetadata } from '@academy/event-store';
import { IDENTITY_MESSAGES, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { decideUser, type UserCommand, userDecider } from './user.decide.js';
import type { UserEvent, UserState } from './user.js';

const meta: EventMetadata = { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-23T00:00:00.000Z' };
const given = (...events: UserEvent[]): UserState =>
  events.reduce((s, e) => userDecider.evolve(s, { type: e.type, data: e.data, personal: e.personal ?? null, metadata: meta }), userDecider.initialState());
const when = (state: UserState, command: UserCommand) => decideUser(command, state);

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
const [registered, verificationRequested] = when(given(), register);

describe('user aggregate', () => {
  it('registers a self-registered student and requests verification: personal data apart, only the token hash in data', () => {
    expect(when(given(), register)).toEqual([
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
    expect(JSON.stringify([registered.data, verificationRequested.data])).not.toContain('raw');
    expect(given(registered, verificationRequested)).toMatchObject({ exists: true, verified: false, role: 'student', firstLoginCompleted: false });
  });

  it('refuses to register the same user twice', () => {
    expect(() => when(given(registered, verificationRequested), register)).toThrow(DomainError);
  });

  it('an account created without self-registration is verified at once', () => {
    const events = when(given(), { ...register, role: 'admin', selfRegistered: false, verification: null });
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(given(...events)).toMatchObject({ verified: true, role: 'admin' });
  });

  it('verifies the email with the right, unexpired token; then verifying again changes nothing', () => {
    const events = when(given(registered, verificationRequested), { type: 'VerifyEmail', tokenHash: 'tok-hash', now: '2026-11-24T00:00:00.000Z' });
    expect(events).toEqual([{ type: 'EmailVerified', data: { userId: 'u1' } }]);
    expect(when(given(registered, verificationRequested, events[0]), { type: 'VerifyEmail', tokenHash: 'other', now: '2026-11-24T00:00:00.000Z' })).toEqual([]);
  });

  it.each([
    ['a wrong token', 'wrong', '2026-11-24T00:00:00.000Z'],
    ['an expired token', 'tok-hash', '2026-11-25T00:00:00.001Z'],
  ])('refuses %s', (_label, tokenHash, now) => {
    expect(() => when(given(registered, verificationRequested), { type: 'VerifyEmail', tokenHash, now })).toThrow(IDENTITY_MESSAGES.invalidVerificationToken);
  });

  it('completing the profile records the profile and the new password in one decision', () => {
    const profile = { fullName: 'Ada King', phone: '+27 11 111 1111', address: '1 Main Rd', dateOfBirth: '1990-12-10', emergencyContactName: 'Bob', emergencyContactPhone: '+27 22 222 2222' };
    const events = when(given(registered, verificationRequested), { type: 'CompleteProfile', profile, passwordHash: '$argon2id$new' });
    expect(events).toEqual([
      { type: 'ProfileCompleted', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: profile } },
      { type: 'PasswordChanged', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$new' } } },
    ]);
    expect(given(registered, verificationRequested, ...events).firstLoginCompleted).toBe(true);
  });

  it('assigns a new role, and nothing when the role is the same', () => {
    expect(when(given(registered, verificationRequested), { type: 'AssignRole', role: 'teacher', actorId: 'admin-1' })).toEqual([
      { type: 'RoleAssigned', data: { userId: 'u1', role: 'teacher', previousRole: 'student' } },
    ]);
    expect(when(given(registered, verificationRequested), { type: 'AssignRole', role: 'student', actorId: 'admin-1' })).toEqual([]);
  });

  it('an administrator changes neither their own role nor deletes their own account', () => {
    const state = given(...when(given(), { ...register, userId: 'u1', role: 'admin', selfRegistered: false, verification: null }));
    expect(() => when(state, { type: 'AssignRole', role: 'student', actorId: 'u1' })).toThrow(new DomainError('conflict', USER_ADMIN_MESSAGES.cannotChangeOwnRole));
    expect(() => when(state, { type: 'DeleteUser', actorId: 'u1' })).toThrow(new DomainError('conflict', USER_ADMIN_MESSAGES.cannotDeleteSelf));
    // The keyed email lookup travels with the deletion: other contexts erase what they hold under it.
    expect(when(state, { type: 'DeleteUser', actorId: 'admin-2' })).toEqual([{ type: 'UserDeleted', data: { userId: 'u1', emailLookup: 'h' } }]);
  });

  it('refuses every command on a missing or deleted user, naming what the page looked for', () => {
    const deleted = given(registered, verificationRequested, ...when(given(registered, verificationRequested), { type: 'DeleteUser', actorId: 'admin-1' }));
    expect(deleted.deleted).toBe(true);
    for (const state of [given(), deleted]) {
      expect(() => when(state, { type: 'AssignRole', role: 'admin', actorId: 'admin-1' })).toThrow(USER_ADMIN_MESSAGES.userNotFound);
      expect(() => when(state, { type: 'DeleteUser', actorId: 'admin-1' })).toThrow(USER_ADMIN_MESSAGES.userNotFound);
      expect(() => when(state, { type: 'UpdateStudentContact', contact: { fullName: 'X', phone: '', address: '' } })).toThrow(USER_ADMIN_MESSAGES.studentNotFound);
      expect(() => when(state, { type: 'ChangePassword', currentPasswordMatches: true, passwordHash: 'h' })).toThrow('This account does not exist.');
    }
  });

  it('an account created by staff is verified and gets an invitation with the temporary password (personal part only)', () => {
    const events = when(given(), {
      ...register,
      role: 'teacher',
      selfRegistered: false,
      verification: null,
      phone: '+27 11 111 1111',
      invitation: { temporaryPassword: 'Temp-Pass-123456', signInUrl: 'http://x/auth' },
    });
    expect(events).toEqual([
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
    expect(given(...events)).toMatchObject({ verified: true, firstLoginCompleted: false, role: 'teacher', emailHash: 'h' });
  });

  it("updates a student's contact, and only a student's", () => {
    const contact = { fullName: 'Ada King', phone: '+27 11 111 1111', address: '1 Main Rd' };
    expect(when(given(registered), { type: 'UpdateStudentContact', contact })).toEqual([{ type: 'StudentContactUpdated', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: contact } }]);
    const teacher = given(registered, { type: 'RoleAssigned', data: { userId: 'u1', role: 'teacher', previousRole: 'student' } });
    expect(() => when(teacher, { type: 'UpdateStudentContact', contact })).toThrow(new DomainError('not_found', USER_ADMIN_MESSAGES.studentNotFound));
  });

  it('changes the password only when the current one matched', () => {
    expect(when(given(registered), { type: 'ChangePassword', currentPasswordMatches: true, passwordHash: '$argon2id$new' })).toEqual([
      { type: 'PasswordChanged', data: { userId: 'u1' }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$new' } } },
    ]);
    expect(() => when(given(registered), { type: 'ChangePassword', currentPasswordMatches: false, passwordHash: null })).toThrow(
      new DomainError('invalid', USER_ADMIN_MESSAGES.wrongCurrentPassword, { currentPassword: [USER_ADMIN_MESSAGES.wrongCurrentPassword] }),
    );
  });

  it('records notification preferences, and nothing when they did not change', () => {
    const preferences = { newApplications: false, newSubmissions: true, submissionGraded: true };
    const events = when(given(registered), { type: 'SetNotificationPreferences', preferences });
    expect(events).toEqual([{ type: 'NotificationPreferencesChanged', data: { userId: 'u1', preferences } }]);
    expect(given(registered, ...events).notificationPreferences).toEqual(preferences);
    expect(when(given(registered, ...events), { type: 'SetNotificationPreferences', preferences: { ...preferences } })).toEqual([]);
    expect(when(given(registered, ...events), { type: 'SetNotificationPreferences', preferences: { ...preferences, newApplications: true } })).toHaveLength(1);
  });
});

describe('temporary passwords', () => {
  const at = (occurredAt: string) => ({ ...meta, occurredAt });
  /** given events, each with the instant it happened */
  const givenAt = (...events: [UserEvent, string][]): UserState =>
    events.reduce((s, [e, t]) => userDecider.evolve(s, { type: e.type, data: e.data, personal: e.personal ?? null, metadata: at(t) }), userDecider.initialState());
  const ISSUED = '2026-11-01T09:00:00.000Z';
  const plus = (ms: number) => new Date(Date.parse(ISSUED) + ms).toISOString();
  const DAY = 24 * 3600 * 1000;
  const [staffRegistered, credentials] = when(given(), {
    ...register,
    selfRegistered: false,
    verification: null,
    invitation: { temporaryPassword: 'Temp-Pass-123456', signInUrl: 'http://x/auth' },
  });
  const invited = () => givenAt([staffRegistered, ISSUED], [credentials, ISSUED]);
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

  it('a mailed password signs in for 7 days after it was issued, and not a second longer', () => {
    expect(when(invited(), { type: 'SignIn', now: plus(6 * DAY) })).toEqual([]);
    expect(when(invited(), { type: 'SignIn', now: plus(7 * DAY - 1) })).toEqual([]);
    expect(() => when(invited(), { type: 'SignIn', now: plus(7 * DAY) })).toThrow(IDENTITY_MESSAGES.temporaryPasswordExpired);
    expect(() => when(invited(), { type: 'SignIn', now: plus(7 * DAY + 1000) })).toThrow(
      expect.objectContaining({ kind: 'forbidden', message: 'Your temporary password has expired. Ask the academy to send you a new one.' }),
    );
  });

  it('a password the person chose never expires: profile completion, a password change, self sign-up, the setup administrator', () => {
    const profile = { fullName: 'Ada King', phone: '+27 11 111 1111', address: '1 Main Rd', dateOfBirth: '1990-12-10', emergencyContactName: 'Bob', emergencyContactPhone: '+27 22 222 2222' };
    const completed = when(invited(), { type: 'CompleteProfile', profile, passwordHash: '$argon2id$own' });
    const afterCompletion = givenAt([staffRegistered, ISSUED], [credentials, ISSUED], ...completed.map((e) => [e, plus(DAY)] as [UserEvent, string]));
    expect(when(afterCompletion, { type: 'SignIn', now: plus(365 * DAY) })).toEqual([]);
    const [changed] = when(invited(), { type: 'ChangePassword', currentPasswordMatches: true, passwordHash: '$argon2id$own' });
    expect(when(givenAt([staffRegistered, ISSUED], [credentials, ISSUED], [changed, plus(DAY)]), { type: 'SignIn', now: plus(365 * DAY) })).toEqual([]);
    expect(when(givenAt([registered, ISSUED], [verificationRequested, ISSUED]), { type: 'SignIn', now: plus(365 * DAY) })).toEqual([]);
    const [setupAdmin] = when(given(), { ...register, role: 'admin', selfRegistered: false, verification: null });
    expect(when(givenAt([setupAdmin, ISSUED]), { type: 'SignIn', now: plus(365 * DAY) })).toEqual([]);
  });

  it('re-issuing replaces the password hash and mails the new one under a fresh invitation subject; the 7 days start again', () => {
    const events = when(invited(), reissue);
    expect(events).toEqual([
      { type: 'PasswordChanged', data: { userId: 'u1', temporary: true }, personal: { subjectId: 'u1', data: { passwordHash: '$argon2id$reissued' } } },
      {
        type: 'TemporaryPasswordIssued',
        data: { userId: 'u1', role: 'student', invitation: 2 },
        personal: { subjectId: 'invitation-u1-2', data: { email: 'ada@example.com', fullName: 'Ada Lovelace', temporaryPassword: 'New-Temp-Pass-654321', signInUrl: 'http://x/auth' } },
      },
    ]);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('New-Temp-Pass');
    const reissuedAt = plus(10 * DAY);
    const state = givenAt([staffRegistered, ISSUED], [credentials, ISSUED], ...events.map((e) => [e, reissuedAt] as [UserEvent, string]));
    expect(state).toMatchObject({ temporaryPasswordIssuedAt: reissuedAt, invitations: 2 });
    expect(when(state, { type: 'SignIn', now: plus(16 * DAY) })).toEqual([]);
    expect(() => when(state, { type: 'SignIn', now: plus(17 * DAY) })).toThrow(IDENTITY_MESSAGES.temporaryPasswordExpired);
    // The next one gets the third subject.
    expect(when(state, reissue)[1].personal!.subjectId).toBe('invitation-u1-3');
  });

  it('a student admin may re-issue a student’s password only; nobody re-issues their own; a deleted user is not found', () => {
    expect(when(invited(), { ...reissue, actorRole: 'student_admin', actorId: 'sa-1' }).map((e) => e.type)).toEqual(['PasswordChanged', 'TemporaryPasswordIssued']);
    const teacher = givenAt([{ ...staffRegistered, data: { ...staffRegistered.data, role: 'teacher' } } as UserEvent, ISSUED], [credentials, ISSUED]);
    expect(() => when(teacher, { ...reissue, actorRole: 'student_admin', actorId: 'sa-1' })).toThrow(USER_ADMIN_MESSAGES.studentNotFound);
    expect(when(teacher, reissue).map((e) => e.type)).toEqual(['PasswordChanged', 'TemporaryPasswordIssued']);
    expect(() => when(invited(), { ...reissue, actorId: 'u1' })).toThrow(USER_ADMIN_MESSAGES.cannotReissueOwnPassword);
    const deleted = givenAt([staffRegistered, ISSUED], [credentials, ISSUED], [{ type: 'UserDeleted', data: { userId: 'u1' } }, plus(DAY)]);
    expect(() => when(deleted, reissue)).toThrow(USER_ADMIN_MESSAGES.userNotFound);
    expect(() => when(given(), reissue)).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });
});
