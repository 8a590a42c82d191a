// Commands of the user aggregate and decide(): the rules, as pure functions of (command, state).
// Hashing (argon2, sha256) and clocks happen in the handlers; commands carry their results.
import { DomainError, type Decider } from '@academy/event-store';
import { IDENTITY_EVENTS, IDENTITY_MESSAGES, type Role } from '@academy/contracts';
import { evolveUser, initialUserState, type ProfilePersonal, type UserEvent, type UserState } from './user.js';

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      role: Role;
      email: string;
      emailHash: string;
      fullName: string;
      passwordHash: string;
      selfRegistered: boolean;
      verification: { tokenHash: string; expiresAt: string; verifyUrl: string } | null;
    }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  | { type: 'CompleteProfile'; profile: ProfilePersonal; passwordHash: string }
  | { type: 'AssignRole'; role: Role }
  | { type: 'DeleteUser' };

const gone = () => new DomainError('not_found', 'This account does not exist.');

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.exists) throw new DomainError('conflict', IDENTITY_MESSAGES.emailTaken);
    const c = command;
    const registered: UserEvent = {
      type: IDENTITY_EVENTS.UserRegistered,
      data: { userId: c.userId, role: c.role, emailHash: c.emailHash, selfRegistered: c.selfRegistered },
      personal: { subjectId: c.userId, data: { email: c.email, fullName: c.fullName, passwordHash: c.passwordHash } },
    };
    if (!c.verification) return [registered];
    return [
      registered,
      {
        type: IDENTITY_EVENTS.EmailVerificationRequested,
        data: { userId: c.userId, tokenHash: c.verification.tokenHash, expiresAt: c.verification.expiresAt },
        personal: { subjectId: c.userId, data: { email: c.email, fullName: c.fullName, verifyUrl: c.verification.verifyUrl } },
      },
    ];
  }
  if (!state.exists || state.deleted) throw gone();
  const userId = state.userId!;
  switch (command.type) {
    case 'VerifyEmail': {
      // Verifying twice is not an error: a user may click the link again.
      if (state.verified) return [];
      const valid =
        state.verificationTokenHash !== null &&
        state.verificationTokenHash === command.tokenHash &&
        state.verificationExpiresAt !== null &&
        command.now < state.verificationExpiresAt;
      if (!valid) throw new DomainError('invalid', IDENTITY_MESSAGES.invalidVerificationToken, { token: [IDENTITY_MESSAGES.invalidVerificationToken] });
      return [{ type: IDENTITY_EVENTS.EmailVerified, data: { userId } }];
    }
    case 'CompleteProfile':
      // Completing again updates the profile and the password: the form is the same one.
      return [
        { type: IDENTITY_EVENTS.ProfileCompleted, data: { userId }, personal: { subjectId: userId, data: { ...command.profile } } },
        { type: IDENTITY_EVENTS.PasswordChanged, data: { userId }, personal: { subjectId: userId, data: { passwordHash: command.passwordHash } } },
      ];
    case 'AssignRole':
      if (state.role === command.role) return [];
      return [{ type: IDENTITY_EVENTS.RoleAssigned, data: { userId, role: command.role, previousRole: state.role! } }];
    case 'DeleteUser':
      return [{ type: IDENTITY_EVENTS.UserDeleted, data: { userId } }];
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
