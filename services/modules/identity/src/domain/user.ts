// The user aggregate (stream `user-<id>`): events, state and evolve. Plain TS: no Nest, no I/O.
// Personal fields (email, names, phones, address, date of birth) and the password hash travel in the
// event's encrypted `personal` part (ADR 0003): erasing the user makes them unreadable everywhere.
import type { LoadedEventOf } from '@academy/event-store';
import { IDENTITY_EVENTS, type NotificationPreferences, type Role, type UserDeletedEventData } from '@academy/contracts';

export const userStream = (userId: string) => `user-${userId}`;
/**
 * The invitation of an account made by staff is encrypted under its own data subject: the temporary
 * password is a live credential, so its key is destroyed as soon as the person sets their own password
 * (and with the person on deletion). An erased subject can never hold data again, so each re-issued
 * password gets the next one: `invitation-<id>` (the first), then `invitation-<id>-2`, `-3`, …
 */
export const invitationSubject = (userId: string, n = 1) => (n <= 1 ? `invitation-${userId}` : `invitation-${userId}-${n}`);
/** Every invitation subject the user's stream has used (for erasure); at least the first, which costs nothing if unused. */
export const invitationSubjects = (userId: string, count: number) => Array.from({ length: Math.max(1, count) }, (_, i) => invitationSubject(userId, i + 1));

export interface UserRegisteredData {
  userId: string;
  role: Role;
  /** EmailLookup.of(email), the keyed HMAC (ADR 0014): links the reservation stream without the address. */
  emailHash: string;
  /** Self-registered accounts must verify their email before signing in; setup/admin-created ones need not. */
  selfRegistered: boolean;
}
export interface UserRegisteredPersonal {
  email: string;
  fullName: string;
  passwordHash: string;
  /** Given by staff on the Create User form ('' when none); self sign-up has none. */
  phone?: string;
}
export interface AccountCredentialsIssuedData {
  userId: string;
  role: Role;
}
/** A re-issued temporary password: `invitation` numbers its data subject (invitationSubject(userId, invitation)). */
export interface TemporaryPasswordIssuedData {
  userId: string;
  role: Role;
  invitation: number;
}
/** The invitation mail of an account made by staff (routed to the 'mail' queue). */
export interface AccountCredentialsIssuedPersonal {
  email: string;
  fullName: string;
  temporaryPassword: string;
  signInUrl: string;
}
export interface StudentContactPersonal {
  fullName: string;
  phone: string;
  address: string;
}
export interface NotificationPreferencesChangedData {
  userId: string;
  preferences: NotificationPreferences;
}
export interface EmailVerificationRequestedData {
  userId: string;
  /** sha256 of the token; the raw token is only in the encrypted personal part and the mail. */
  tokenHash: string;
  expiresAt: string;
}
/** What the verification mail needs (routed to the 'mail' queue). */
export interface EmailVerificationRequestedPersonal {
  email: string;
  fullName: string;
  verifyUrl: string;
}
export interface ProfilePersonal {
  fullName: string;
  phone: string;
  address: string;
  dateOfBirth: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
}

export type UserEvent =
  | { type: typeof IDENTITY_EVENTS.UserRegistered; data: UserRegisteredData; personal?: { subjectId: string; data: Record<string, unknown> } }
  | { type: typeof IDENTITY_EVENTS.EmailVerificationRequested; data: EmailVerificationRequestedData; personal?: { subjectId: string; data: Record<string, unknown> } }
  | { type: typeof IDENTITY_EVENTS.EmailVerified; data: { userId: string }; personal?: undefined }
  | { type: typeof IDENTITY_EVENTS.PasswordChanged; data: { userId: string; temporary?: true }; personal?: { subjectId: string; data: Record<string, unknown> } }
  | { type: typeof IDENTITY_EVENTS.ProfileCompleted; data: { userId: string }; personal?: { subjectId: string; data: Record<string, unknown> } }
  | { type: typeof IDENTITY_EVENTS.RoleAssigned; data: { userId: string; role: Role; previousRole: Role }; personal?: undefined }
  | { type: typeof IDENTITY_EVENTS.UserDeleted; data: UserDeletedEventData; personal?: undefined }
  | { type: typeof IDENTITY_EVENTS.AccountCredentialsIssued; data: AccountCredentialsIssuedData; personal?: { subjectId: string; data: Record<string, unknown> } }
  | { type: typeof IDENTITY_EVENTS.TemporaryPasswordIssued; data: TemporaryPasswordIssuedData; personal?: { subjectId: string; data: Record<string, unknown> } }
  | { type: typeof IDENTITY_EVENTS.StudentContactUpdated; data: { userId: string }; personal?: { subjectId: string; data: Record<string, unknown> } }
  | { type: typeof IDENTITY_EVENTS.NotificationPreferencesChanged; data: NotificationPreferencesChangedData; personal?: undefined };

export interface UserState {
  exists: boolean;
  deleted: boolean;
  userId: string | null;
  role: Role | null;
  selfRegistered: boolean;
  verified: boolean;
  verificationTokenHash: string | null;
  verificationExpiresAt: string | null;
  firstLoginCompleted: boolean;
  /** The keyed email lookup (EmailLookup): names the reservation stream to release on deletion. */
  emailHash: string | null;
  /** null: never chosen (the defaults apply). */
  notificationPreferences: NotificationPreferences | null;
  /**
   * When the current password was mailed by staff (occurredAt of AccountCredentialsIssued or
   * TemporaryPasswordIssued); null once the person chose their own, and for the setup administrator,
   * whose generated password is shown once and is nobody's to re-issue.
   */
  temporaryPasswordIssuedAt: string | null;
  /** How many invitation subjects the stream has used (see invitationSubject). */
  invitations: number;
}

export const initialUserState = (): UserState => ({
  exists: false,
  deleted: false,
  userId: null,
  role: null,
  selfRegistered: false,
  verified: false,
  verificationTokenHash: null,
  verificationExpiresAt: null,
  firstLoginCompleted: false,
  emailHash: null,
  notificationPreferences: null,
  temporaryPasswordIssuedAt: null,
  invitations: 0,
});

export function evolveUser(state: UserState, event: LoadedEventOf<UserEvent>): UserState {
  switch (event.type) {
    case IDENTITY_EVENTS.UserRegistered: {
      const d = event.data;
      return {
        ...state,
        exists: true,
        userId: d.userId,
        role: d.role,
        selfRegistered: d.selfRegistered,
        verified: !d.selfRegistered,
        emailHash: d.emailHash,
      };
    }
    case IDENTITY_EVENTS.EmailVerificationRequested: {
      const d = event.data;
      return { ...state, verificationTokenHash: d.tokenHash, verificationExpiresAt: d.expiresAt };
    }
    case IDENTITY_EVENTS.EmailVerified:
      return { ...state, verified: true, verificationTokenHash: null, verificationExpiresAt: null };
    case IDENTITY_EVENTS.ProfileCompleted:
      return { ...state, firstLoginCompleted: true };
    // A re-issue appends PasswordChanged (the new hash) and then TemporaryPasswordIssued, which sets the time again.
    case IDENTITY_EVENTS.PasswordChanged:
      return { ...state, temporaryPasswordIssuedAt: null };
    case IDENTITY_EVENTS.AccountCredentialsIssued:
      return { ...state, temporaryPasswordIssuedAt: event.metadata.occurredAt, invitations: Math.max(state.invitations, 1) };
    case IDENTITY_EVENTS.TemporaryPasswordIssued:
      return { ...state, temporaryPasswordIssuedAt: event.metadata.occurredAt, invitations: Math.max(state.invitations, event.data.invitation) };
    case IDENTITY_EVENTS.RoleAssigned:
      return { ...state, role: event.data.role };
    case IDENTITY_EVENTS.UserDeleted:
      return { ...state, deleted: true };
    case IDENTITY_EVENTS.NotificationPreferencesChanged:
      return { ...state, notificationPreferences: event.data.preferences };
    default:
      return state;
  }
}
