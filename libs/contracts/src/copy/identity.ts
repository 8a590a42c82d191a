import type { Role } from '../http/identity.js';

// The identity context's UI copy: messages and labels the frontends show and the API sends (spec §8).

/** The password length rule: the messages below quote it, http/identity.ts enforces it. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Messages shown word for word by the frontends (spec §8) and sent by the API. */
export const IDENTITY_MESSAGES = {
  signedUp: 'Account created! Please check your email to verify.',
  emailVerified: 'Your email is verified. You can sign in now.',
  invalidVerificationToken: 'This verification link is invalid or has expired.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email before signing in.',
  emailTaken: 'An account with this email already exists.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  setupDone: 'Setup is already done: an administrator exists.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  /** Sign-in with a temporary password issued more than TEMPORARY_PASSWORD_TTL_MS ago (403, code TEMPORARY_PASSWORD_EXPIRED). */
  temporaryPasswordExpired: 'Your temporary password has expired. Ask the academy to send you a new one.',
  /** A student's call before the first-login profile is complete (403, code PROFILE_INCOMPLETE). */
  profileIncomplete: 'Please complete your profile before you continue.',
} as const;

/** How a role is named on screen and in messages. */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', teacher: 'Teacher', student: 'Student', student_admin: 'Student admin', auditor: 'Auditor' };

export const USER_ADMIN_MESSAGES = {
  roleAssigned: 'Role assigned successfully',
  userDeleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  createFailed: 'Failed to create user account',
  /** spec §8: '<role> account created successfully! Credentials sent via email.' */
  accountCreated: (role: Role) => `${ROLE_LABELS[role]} account created successfully! Credentials sent via email.`,
  studentUpdated: 'Student updated successfully',
  userNotFound: 'User not found',
  studentNotFound: 'Student not found',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  passwordChanged: 'Password changed successfully',
  wrongCurrentPassword: 'Current password is incorrect',
  otherSessionsEnded: 'Signed out of all other sessions',
  preferencesSaved: 'Notification preferences saved',
  /** POST /users/:id/temporary-password ("Re-issue password" on Users and Students). */
  passwordReissued: 'New temporary password sent via email.',
  reissueFailed: 'Failed to re-issue password',
  cannotReissueOwnPassword: 'You cannot re-issue your own password. Change it in Settings.',
} as const;
