import { z } from 'zod';
import { text } from '../text.js';
import { IDENTITY_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '../copy/identity.js';

// The identity context's HTTP surface (spec §2 auth/setup/complete-profile, §5, §8). Every endpoint
// lives under /api. The browser keeps only the access token in memory; the refresh token is the
// httpOnly cookie REFRESH_COOKIE (Path=/api/auth), never visible to JavaScript.

export const ROLES = ['admin', 'teacher', 'student', 'student_admin', 'auditor'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Name of the httpOnly refresh cookie (SameSite=Strict, Path=/api/auth). */
export const REFRESH_COOKIE = 'academy_refresh';

/**
 * A readable companion of the refresh cookie (value "1", Path=/, same lifetime, set and cleared with
 * it). It says only that a refresh cookie may exist, so that a signed-out page does not ask for a
 * refresh that can only fail with a 401.
 */
export const SESSION_HINT_COOKIE = 'academy_session';

/** A password mailed by staff (Create User, Convert to student, Re-issue password) signs in for this long after it was issued. */
export const TEMPORARY_PASSWORD_TTL_MS = 7 * 24 * 3600 * 1000;

/** Machine-readable `code` of some error answers: the shell acts on them, not on the message. */
export const API_ERROR_CODES = {
  /** 403: a student whose first-login profile is not complete called anything but what /complete-profile needs. */
  profileIncomplete: 'PROFILE_INCOMPLETE',
  /** 403 from sign-in: the right temporary password, too old. */
  temporaryPasswordExpired: 'TEMPORARY_PASSWORD_EXPIRED',
} as const;

const email = text({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** A new password's length rules (the common-password check runs on the server only). */
export const newPasswordSchema = text({ error: 'Password is required' })
  .min(PASSWORD_MIN, IDENTITY_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, IDENTITY_MESSAGES.passwordTooLong);

const required = (label: string, max = 200) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

// ── requests ─────────────────────────────────────────────────────────────────────────────────────

/** POST /api/auth/sign-up → 201 MessageResponse. Self-registered users are students. */
export const signUpRequestSchema = z.object({
  fullName: required('Full name'),
  email,
  password: newPasswordSchema,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** POST /api/auth/verify-email → 200 MessageResponse. */
export const verifyEmailRequestSchema = z.object({
  token: text({ error: 'Token is required' }).min(1, 'Token is required').max(200, 'Token is not valid'),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /api/auth/sign-in → 200 Session (+ Set-Cookie academy_refresh). */
export const signInRequestSchema = z.object({
  email,
  password: text({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, IDENTITY_MESSAGES.passwordTooLong),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

const isoDate = text({ error: 'Date of birth is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() < Date.now();
  }, 'Date of birth must be a real date in the past');

const phone = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(32, `${label} must be at most 32 characters`)
    .regex(/^\+?[0-9 ()-]{6,}$/, `${label} must be a phone number`);

/** POST /api/profile/complete (any signed-in user) → 200 CompleteProfileResponse. */
export const completeProfileRequestSchema = z
  .object({
    fullName: required('Full name'),
    phone: phone('Phone'),
    address: required('Address', 500),
    dateOfBirth: isoDate,
    emergencyContactName: required('Emergency contact name'),
    emergencyContactPhone: phone('Emergency contact phone'),
    password: newPasswordSchema,
    confirmPassword: text({ error: 'Please confirm the password' }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: IDENTITY_MESSAGES.passwordsDoNotMatch });
export type CompleteProfileRequest = z.infer<typeof completeProfileRequestSchema>;

// ── responses ────────────────────────────────────────────────────────────────────────────────────

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The signed-in user as every screen sees it (GET /api/auth/me). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  firstLoginCompleted: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/auth/sign-in and /api/auth/refresh. The refresh token is the cookie, not in the body. */
export const sessionSchema = z.object({
  access_token: z.string(),
  /** Unix seconds at which access_token expires (refresh a little before). */
  expires_at: z.number().int(),
  user: sessionUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** GET /api/auth/me. */
export const meResponseSchema = sessionUserSchema;
export type MeResponse = SessionUser;

/** POST /api/profile/complete. */
export const completeProfileResponseSchema = z.object({ user: sessionUserSchema });
export type CompleteProfileResponse = z.infer<typeof completeProfileResponseSchema>;

/** GET /api/setup. */
export const setupStatusSchema = z.object({ done: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** POST /api/setup → 201 (once; 409 when an administrator exists). Shown once to the operator. */
export const setupResponseSchema = z.object({ email: z.string(), password: z.string() });
export type SetupResponse = z.infer<typeof setupResponseSchema>;

/** Every error answer: { statusCode, error, message, fields?, code?, retryAfter? } (fields: path → messages; code: API_ERROR_CODES; retryAfter: seconds, on a 429). */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
  retryAfter: z.number().int().positive().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// ── user management (admin Users / Create User, student-admin Students / Create, Settings) ──────

/** Roles the Create User form offers (spec §5, §6: never admin; auditor from issue 16, for admins only). */
export const CREATABLE_ROLES = ['student', 'teacher', 'student_admin', 'auditor'] as const;
export const creatableRoleSchema = z.enum(CREATABLE_ROLES, { error: 'Choose student, teacher, student admin or auditor' });
/** What a student admin's Create offers: an auditor reads everyone's history, so only an admin makes one. */
export const STUDENT_ADMIN_CREATABLE_ROLES = ['student', 'teacher', 'student_admin'] as const satisfies readonly (typeof CREATABLE_ROLES)[number][];
/** Roles the Users table's selector offers (spec §5, and auditor from issue 16). */
export const ASSIGNABLE_ROLES = ['student', 'teacher', 'admin', 'auditor'] as const;
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: 'Choose student, teacher, admin or auditor' });

const optionalPhone = text()
  .trim()
  .max(32, 'Phone must be at most 32 characters')
  .regex(/^(\+?[0-9 ()-]{6,})?$/, 'Phone must be a phone number')
  .optional()
  .default('');

/** One row of the admin's Users table. */
export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  /** ISO instant the account was created ("Joined"). */
  createdAt: z.string(),
  verified: z.boolean(),
  firstLoginCompleted: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** GET /api/users (admin) → every live account, newest first, with the counts the page shows. */
export const usersListResponseSchema = z.object({
  counts: z.object({ total: z.number().int(), admins: z.number().int(), teachers: z.number().int(), students: z.number().int(), studentAdmins: z.number().int() }),
  users: z.array(userSummarySchema),
});
export type UsersListResponse = z.infer<typeof usersListResponseSchema>;

/** PUT /api/users/:id/role (admin) → 200 { message: 'Role assigned successfully', user }; 404; 409 on oneself. */
export const assignRoleRequestSchema = z.object({ role: assignableRoleSchema });
export type AssignRoleRequest = z.infer<typeof assignRoleRequestSchema>;
export const userResponseSchema = z.object({ message: z.string(), user: userSummarySchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** DELETE /api/users/:id (admin) → 200 { message: 'User deleted successfully' }; 404; 409 on oneself. */

/**
 * POST /api/users (admin, student_admin) → 201 UserResponse with USER_ADMIN_MESSAGES.accountCreated(role).
 * The account gets a generated password, mailed with the sign-in link; 409 with fields.email when the
 * address has an account.
 */
export const createUserRequestSchema = z.object({
  fullName: required('Full name'),
  email,
  phone: optionalPhone,
  role: creatableRoleSchema,
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** One row of the student-admin's Students table. */
export const studentSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  address: z.string(),
  createdAt: z.string(),
  firstLoginCompleted: z.boolean(),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;

/** GET /api/students (student_admin, admin) → every live student, by name. */
export const studentsListResponseSchema = z.object({ students: z.array(studentSummarySchema) });
export type StudentsListResponse = z.infer<typeof studentsListResponseSchema>;

/** PATCH /api/students/:id (student_admin, admin) → 200 { message: 'Student updated successfully', student }; 404 for a non-student. */
export const updateStudentRequestSchema = z.object({
  fullName: required('Full name'),
  phone: optionalPhone,
  address: text().trim().max(500, 'Address must be at most 500 characters').optional().default(''),
});
export type UpdateStudentRequest = z.input<typeof updateStudentRequestSchema>;
export const studentResponseSchema = z.object({ message: z.string(), student: studentSummarySchema });
export type StudentResponse = z.infer<typeof studentResponseSchema>;

// ── own account (Settings, every role) ───────────────────────────────────────────────────────────

/** POST /api/account/password → 200 MessageResponse; 400 fields.currentPassword when it is wrong. Ends the user's other sessions. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: text({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX, IDENTITY_MESSAGES.passwordTooLong),
    newPassword: newPasswordSchema,
    confirmPassword: text({ error: 'Please confirm the password' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: IDENTITY_MESSAGES.passwordsDoNotMatch });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** GET /api/account/sessions → the user's signed-in sessions (one per device), the current one marked. */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;
/** POST /api/account/sessions/sign-out-others → 200 { message: 'Signed out of all other sessions', ended }. */
export const signOutOthersResponseSchema = z.object({ message: z.string(), ended: z.number().int() });

/**
 * GET / PUT /api/account/notification-preferences: which mails the user wants. Each key is honoured
 * by the context that sends that mail (admissions, grading, learning) as it lands; a role sees only
 * the keys that concern it (NOTIFICATION_PREFERENCES_BY_ROLE). PUT → 200 { message, preferences }.
 */
export const notificationPreferencesSchema = z.object({
  /** admin, student_admin: a new application arrived. */
  newApplications: z.boolean(),
  /** teacher: a student submitted a task or capstone of an assigned subject. */
  newSubmissions: z.boolean(),
  /** student: a submission was graded, or their due date extended (issue 30 §4). */
  submissionGraded: z.boolean(),
  /** every role but the auditor: an announcement addressed to them (ADR 0029). Absent from older clients: on. */
  announcements: z.boolean().default(true),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { newApplications: true, newSubmissions: true, submissionGraded: true, announcements: true };
export const NOTIFICATION_PREFERENCES_BY_ROLE: Record<Role, (keyof NotificationPreferences)[]> = {
  admin: ['newApplications', 'announcements'],
  student_admin: ['newApplications', 'announcements'],
  teacher: ['newSubmissions', 'announcements'],
  student: ['submissionGraded', 'announcements'],
  // Issue 16: the auditor gets no mail of the academy's work.
  auditor: [],
};
export const notificationPreferencesResponseSchema = z.object({ message: z.string().optional(), preferences: notificationPreferencesSchema });
