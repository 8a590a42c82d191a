// Commands of the user aggregate and decide(): the rules, as pure functions of (command, state).
// Hashing (argon2, sha256) and clocks happen in the handlers; commands carry their results.
import { DomainError, type Decider } from '@academy/event-store';
import { IDENTITY_EVENTS, IDENTITY_MESSAGES, type NotificationPreferences, type Role, TEMPORARY_PASSWORD_TTL_MS, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { evolveUser, initialUserState, invitationSubject, type ProfilePersonal, type StudentContactPersonal, type UserEvent, type UserState } from './user.js';

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
      /** Created by staff: the invitation mail with a temporary password (the account is verified: the mail proves the address). */
      invitation?: { temporaryPassword: string; signInUrl: string } | null;
      phone?: string;
    }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  | { type: 'CompleteProfile'; profile: ProfilePersonal; passwordHash: string }
  /** actorId: who asks (an administrator may not change their own role). */
  | { type: 'AssignRole'; role: Role; actorId: string | null }
  | { type: 'DeleteUser'; actorId: string | null }
  /** Only a student's contact may be edited this way (object-level rule of the Students page). */
  | { type: 'UpdateStudentContact'; contact: StudentContactPersonal }
  /** The handler checks the current password (argon2 is I/O); the rule on its outcome lives here. */
  | { type: 'ChangePassword'; currentPasswordMatches: boolean; passwordHash: string | null }
  | { type: 'SetNotificationPreferences'; preferences: NotificationPreferences }
  /**
   * The password was checked by the handler (argon2 is I/O); whether it may still sign in is decided
   * here. Answers no events (a session is not a fact of the log) or throws.
   */
  | { type: 'SignIn'; now: string }
  /**
   * Staff mail a new temporary password (the old one stops working). email/fullName come from the
   * read model (the mail's addressee); actorRole: a student admin may do it for students only.
   */
  | {
      type: 'ReissueTemporaryPassword';
      actorId: string | null;
      actorRole: string | null;
      passwordHash: string;
      temporaryPassword: string;
      signInUrl: string;
      email: string;
      fullName: string;
    };

/** Whether a temporary password issued at `issuedAt` no longer signs in at `now` (7 days, TEMPORARY_PASSWORD_TTL_MS). */
export const temporaryPasswordExpired = (issuedAt: string | null, now: string): boolean =>
  issuedAt !== null && Date.parse(now) - Date.parse(issuedAt) >= TEMPORARY_PASSWORD_TTL_MS;

const gone = () => new DomainError('not_found', 'This account does not exist.');
const notFound = (command: UserCommand) => {
  switch (command.type) {
    case 'AssignRole':
    case 'DeleteUser':
      return new DomainError('not_found', USER_ADMIN_MESSAGES.userNotFound);
    case 'UpdateStudentContact':
      return new DomainError('not_found', USER_ADMIN_MESSAGES.studentNotFound);
    case 'ReissueTemporaryPassword':
      return new DomainError('not_found', command.actorRole === 'student_admin' ? USER_ADMIN_MESSAGES.studentNotFound : USER_ADMIN_MESSAGES.userNotFound);
    default:
      return gone();
  }
};
const samePreferences = (a: NotificationPreferences | null, b: NotificationPreferences) =>
  a !== null && (Object.keys(b) as (keyof NotificationPreferences)[]).every((k) => a[k] === b[k]) && Object.keys(a).length === Object.keys(b).length;

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.exists) throw new DomainError('conflict', IDENTITY_MESSAGES.emailTaken);
    const c = command;
    const registered: UserEvent = {
      type: IDENTITY_EVENTS.UserRegistered,
      data: { userId: c.userId, role: c.role, emailHash: c.emailHash, selfRegistered: c.selfRegistered },
      personal: { subjectId: c.userId, data: { email: c.email, fullName: c.fullName, passwordHash: c.passwordHash } },
    };
    if (c.phone) (registered.personal!.data as Record<string, unknown>).phone = c.phone;
    if (c.invitation) {
      if (c.selfRegistered) throw new Error('a self-registered account gets a verification mail, not an invitation');
      return [
        registered,
        {
          type: IDENTITY_EVENTS.AccountCredentialsIssued,
          data: { userId: c.userId, role: c.role },
          personal: { subjectId: invitationSubject(c.userId), data: { email: c.email, fullName: c.fullName, temporaryPassword: c.invitation.temporaryPassword, signInUrl: c.invitation.signInUrl } },
        },
      ];
    }
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
  if (!state.exists || state.deleted) throw notFound(command);
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
      if (command.actorId === userId) throw new DomainError('conflict', USER_ADMIN_MESSAGES.cannotChangeOwnRole);
      if (state.role === command.role) return [];
      return [{ type: IDENTITY_EVENTS.RoleAssigned, data: { userId, role: command.role, previousRole: state.role! } }];
    case 'DeleteUser':
      if (command.actorId === userId) throw new DomainError('conflict', USER_ADMIN_MESSAGES.cannotDeleteSelf);
      // The keyed email lookup goes along so other contexts can erase what they hold under that address (admissions).
      return [{ type: IDENTITY_EVENTS.UserDeleted, data: { userId, emailLookup: state.emailHash } }];
    case 'UpdateStudentContact':
      if (state.role !== 'student') throw notFound(command);
      return [{ type: IDENTITY_EVENTS.StudentContactUpdated, data: { userId }, personal: { subjectId: userId, data: { ...command.contact } } }];
    case 'ChangePassword':
      if (!command.currentPasswordMatches || !command.passwordHash) {
        throw new DomainError('invalid', USER_ADMIN_MESSAGES.wrongCurrentPassword, { currentPassword: [USER_ADMIN_MESSAGES.wrongCurrentPassword] });
      }
      return [{ type: IDENTITY_EVENTS.PasswordChanged, data: { userId }, personal: { subjectId: userId, data: { passwordHash: command.passwordHash } } }];
    case 'SignIn':
      if (temporaryPasswordExpired(state.temporaryPasswordIssuedAt, command.now)) throw new DomainError('forbidden', IDENTITY_MESSAGES.temporaryPasswordExpired);
      return [];
    case 'ReissueTemporaryPassword': {
      // A student admin manages students only (spec §6): anyone else is "not found" to them, as on Students.
      if (command.actorRole === 'student_admin' && state.role !== 'student') throw notFound(command);
      if (command.actorId === userId) throw new DomainError('conflict', USER_ADMIN_MESSAGES.cannotReissueOwnPassword);
      const invitation = state.invitations + 1;
      return [
        { type: IDENTITY_EVENTS.PasswordChanged, data: { userId, temporary: true }, personal: { subjectId: userId, data: { passwordHash: command.passwordHash } } },
        {
          type: IDENTITY_EVENTS.TemporaryPasswordIssued,
          data: { userId, role: state.role!, invitation },
          personal: {
            subjectId: invitationSubject(userId, invitation),
            data: { email: command.email, fullName: command.fullName, temporaryPassword: command.temporaryPassword, signInUrl: command.signInUrl },
          },
        },
      ];
    }
    case 'SetNotificationPreferences':
      if (samePreferences(state.notificationPreferences, command.preferences)) return [];
      return [{ type: IDENTITY_EVENTS.NotificationPreferencesChanged, data: { userId, preferences: { ...command.preferences } } }];
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
