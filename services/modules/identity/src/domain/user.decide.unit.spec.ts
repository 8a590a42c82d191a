// given events / when command / then events (ARCHITECTURE.md §9).
import { DomainError, type EventMetadata } from '@academy/event-store';
import { IDENTITY_MESSAGES } from '@academy/contracts';
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
    expect(when(given(registered, verificationRequested), { type: 'AssignRole', role: 'teacher' })).toEqual([{ type: 'RoleAssigned', data: { userId: 'u1', role: 'teacher', previousRole: 'student' } }]);
    expect(when(given(registered, verificationRequested), { type: 'AssignRole', role: 'student' })).toEqual([]);
  });

  it('refuses every command on a missing or deleted user', () => {
    const deleted = given(registered, verificationRequested, ...when(given(registered, verificationRequested), { type: 'DeleteUser' }));
    expect(deleted.deleted).toBe(true);
    for (const state of [given(), deleted]) {
      expect(() => when(state, { type: 'AssignRole', role: 'admin' })).toThrow('This account does not exist.');
      expect(() => when(state, { type: 'DeleteUser' })).toThrow(DomainError);
    }
  });
});
