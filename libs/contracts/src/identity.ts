import { z } from 'zod';

// The identity context's HTTP surface (spec §2 auth/setup/complete-profile, §5, §8). Every endpoint
// lives under /api. The browser keeps only the access token in memory; the refresh token is the
// httpOnly cookie REFRESH_COOKIE (Path=/api/auth), never visible to JavaScript.

export const ROLES = ['admin', 'teacher', 'student', 'student_admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Name of the httpOnly refresh cookie (SameSite=Strict, Path=/api/auth). */
export const REFRESH_COOKIE = 'academy_refresh';

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
} as const;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** A new password's length rules (the common-password check runs on the server only). */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, IDENTITY_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, IDENTITY_MESSAGES.passwordTooLong);

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
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
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200, 'Token is not valid'),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /api/auth/sign-in → 200 Session (+ Set-Cookie academy_refresh). */
export const signInRequestSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, IDENTITY_MESSAGES.passwordTooLong),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

const isoDate = z
  .string({ error: 'Date of birth is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() < Date.now();
  }, 'Date of birth must be a real date in the past');

const phone = (label: string) =>
  z
    .string({ error: `${label} is required` })
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
    confirmPassword: z.string({ error: 'Please confirm the password' }),
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

/** Every error answer: { statusCode, error, message, fields? } (fields: path → messages). */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// ── integration events other contexts may consume ────────────────────────────────────────────────

/** Event types of the identity context (stream `user-<id>`), stable constants. */
export const IDENTITY_EVENTS = {
  UserRegistered: 'UserRegistered',
  EmailVerificationRequested: 'EmailVerificationRequested',
  EmailVerified: 'EmailVerified',
  PasswordChanged: 'PasswordChanged',
  ProfileCompleted: 'ProfileCompleted',
  RoleAssigned: 'RoleAssigned',
  UserDeleted: 'UserDeleted',
} as const;
export type IdentityEventType = (typeof IDENTITY_EVENTS)[keyof typeof IDENTITY_EVENTS];

/** BullMQ queue the mail sender consumes; job name = event type, job id = event id. */
export const MAIL_QUEUE = 'mail';

/**
 * Data of the 'mail' job (name 'EmailVerificationRequested') routed for a self-registered user who
 * must verify their email. The event stores only the token's sha256 in its data; the raw token, the
 * address and the name sit in the event's encrypted personal part and are copied into this job
 * because the mail needs them (the job id is the event id, so a replay never mails twice).
 */
export const verificationMailJobSchema = z.object({
  eventId: z.string(),
  type: z.literal('EmailVerificationRequested'),
  position: z.number().int(),
  userId: z.string(),
  to: z.string(),
  fullName: z.string(),
  /** `${PUBLIC_URL}/auth/verify?token=…`. */
  verifyUrl: z.string(),
  /** ISO instant after which the link no longer works. */
  expiresAt: z.string(),
});
export type VerificationMailJob = z.infer<typeof verificationMailJobSchema>;
