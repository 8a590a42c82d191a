import { z } from 'zod';
import { text } from './text.js';

// The admissions context's HTTP surface (spec §2 landing application form + Quick Contact, admin
// Prospective Students, student-admin Prospective; §3 prospective_users and payload shapes; §4
// prospective status; §5 application form + quick contact; §7 send-contact-form, send-quick-contact;
// §8). Every endpoint lives under /api. Errors are ApiError (identity.ts).

// ── the public forms ─────────────────────────────────────────────────────────────────────────────

/** The application form's course choices (spec §5), in the spec's order. */
export const COURSE_OPTIONS = [
  'Introduction to Tech',
  'Software Engineering',
  'Web Development',
  'IT Support',
  'Product Manager/Owner',
  'CodeStars (Under 18)',
] as const;
export const courseOptionSchema = z.enum(COURSE_OPTIONS, { error: 'Choose a course' });
export type CourseOption = z.infer<typeof courseOptionSchema>;

/** spec §5: the phone field's placeholder. */
export const PHONE_PLACEHOLDER = '+27 XX XXX XXXX';

/**
 * Name of the honeypot field on both public forms: rendered hidden from people (off-screen, no tab
 * stop, autocomplete off) so only bots fill it. A filled honeypot is answered like a success and
 * nothing is stored: the bot learns nothing.
 */
export const HONEYPOT_FIELD = 'website';

export const ADMISSIONS_MESSAGES = {
  /** spec §8, application: toast title + description. */
  applicationSubmittedTitle: 'Application submitted!',
  applicationSubmittedDescription: 'Our admissions team will contact you soon.',
  applicationFailedTitle: 'Error',
  applicationFailedDescription: 'Failed to submit application. Please try again.',
  /** spec §8, quick contact. */
  quickContactSentTitle: 'Message sent!',
  quickContactSentDescription: "We'll get back to you soon.",
  quickContactFailedTitle: 'Error',
  quickContactFailedDescription: 'Failed to send message. Please try again.',
  /** 429 on either public form (per-IP limit). */
  rateLimited: 'Too many messages from your network. Please wait a few minutes and try again.',
  /** Busy labels of the two submit buttons (spec §4). */
  sending: 'Sending...',
  submitting: 'Submitting...',
  // ── staff pipeline ──
  markedContacted: 'Applicant marked as contacted',
  declined: 'Application declined',
  /** Convert answers the spec's create-user toast (USER_ADMIN_MESSAGES.accountCreated('student')). */
  converted: 'Student account created successfully! Credentials sent via email.',
  prospectNotFound: 'Application not found',
  alreadyContacted: 'This applicant is already marked as contacted.',
  alreadyConverted: 'This applicant has already been converted to a student.',
  alreadyDeclined: 'This application was declined.',
  onlyApplicationsConvert: 'Only applications can be converted to a student; a quick-contact message cannot.',
  emailHasAccount: 'An account with this email already exists, so this applicant cannot be converted. Nothing was changed.',
  changedMeanwhile: 'This application was changed by someone else meanwhile. Reload and try again.',
  /** Erase applicant (right to erasure, POPIA/GDPR): the person's data is destroyed, the row leaves the list. */
  erased: 'Applicant erased',
  alreadyErased: 'This applicant has been erased.',
  noProspects: 'No applications yet',
  noMatches: 'No applications match these filters',
} as const;

const required = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const email = text({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

const phone = text({ error: 'Phone is required' })
  .trim()
  // abort: an empty phone says only that it is required.
  .min(1, { error: 'Phone is required', abort: true })
  .max(32, 'Phone must be at most 32 characters')
  .regex(/^\+?[0-9 ()-]{6,}$/, 'Enter a phone number, e.g. +27 82 123 4567');

/** Bots fill it; people never see it. Any value is accepted here (the server drops the submission). */
const honeypot = text().max(2000).optional().default('');

export const MESSAGE_MAX = 2000;

/** POST /api/public/applications (public; spec §7 send-contact-form) → 201 MessageResponse; 400 fields; 429 rateLimited. */
export const applicationRequestSchema = z.object({
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  email,
  phone,
  course: courseOptionSchema,
  message: required('Message', MESSAGE_MAX),
  [HONEYPOT_FIELD]: honeypot,
});
export type ApplicationRequest = z.input<typeof applicationRequestSchema>;
export type ParsedApplicationRequest = z.output<typeof applicationRequestSchema>;

/** POST /api/public/quick-contacts (public; spec §7 send-quick-contact) → 201 MessageResponse; 400 fields; 429 rateLimited. */
export const quickContactRequestSchema = z.object({
  name: required('Name', 200),
  email,
  message: required('Message', MESSAGE_MAX),
  [HONEYPOT_FIELD]: honeypot,
});
export type QuickContactRequest = z.input<typeof quickContactRequestSchema>;
export type ParsedQuickContactRequest = z.output<typeof quickContactRequestSchema>;

// ── the staff pipeline (admin Prospective Students, student-admin Prospective) ──────────────────

/** spec §4 has pending|converted; the pipeline adds contacted and declined (issue 7). */
export const PROSPECT_STATUSES = ['pending', 'contacted', 'converted', 'declined'] as const;
export const prospectStatusSchema = z.enum(PROSPECT_STATUSES, { error: 'Choose pending, contacted, converted or declined' });
export type ProspectStatus = z.infer<typeof prospectStatusSchema>;
export const PROSPECT_STATUS_LABELS: Record<ProspectStatus, string> = { pending: 'Pending', contacted: 'Contacted', converted: 'Converted', declined: 'Declined' };

/** An application (the full form) or a quick-contact message (name, email, message). */
export const PROSPECT_KINDS = ['application', 'quick_contact'] as const;
export const prospectKindSchema = z.enum(PROSPECT_KINDS, { error: 'Choose application or quick_contact' });
export type ProspectKind = z.infer<typeof prospectKindSchema>;

/**
 * GET /api/admissions/prospects?kind=&status=&q= (admin, student_admin) → ProspectsResponse, newest
 * first. kind defaults to application; status absent = every status; q searches name, email, phone,
 * course and message (case-insensitive substring).
 */
export const prospectsQuerySchema = z.object({
  kind: prospectKindSchema.optional().default('application'),
  status: prospectStatusSchema.optional(),
  q: text().trim().max(100, 'Search must be at most 100 characters').optional().default(''),
});
export type ProspectsQuery = z.input<typeof prospectsQuerySchema>;

export const prospectSchema = z.object({
  id: z.string(),
  kind: prospectKindSchema,
  /** "First Last" for an application, the given name for a quick contact. */
  name: z.string(),
  /** Applications only ('' for a quick contact). */
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** '' for a quick contact. */
  phone: z.string(),
  /** The course chosen on the application; null for a quick contact. */
  courseInterest: z.string().nullable(),
  message: z.string(),
  status: prospectStatusSchema,
  /** ISO instant of the submission (the "applied date"). */
  appliedAt: z.string(),
  /** The last status change: when and by whom (null while pending and untouched). */
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Set once converted: the student account made from it. */
  studentId: z.string().nullable(),
  /** The prospect stream's version: send it back with a status change to detect a concurrent change (409). */
  version: z.number().int(),
});
export type Prospect = z.infer<typeof prospectSchema>;

export const prospectsResponseSchema = z.object({ prospects: z.array(prospectSchema) });
export type ProspectsResponse = z.infer<typeof prospectsResponseSchema>;

/**
 * POST /api/admissions/prospects/:id/contacted and /decline (admin, student_admin) → 200
 * ProspectResponse; 404; 409 when the status does not allow it (or `expectedVersion` is stale).
 */
export const prospectStatusChangeRequestSchema = z.object({ expectedVersion: z.number().int().min(0).optional() });
export type ProspectStatusChangeRequest = z.infer<typeof prospectStatusChangeRequestSchema>;
export const prospectResponseSchema = z.object({ message: z.string(), prospect: prospectSchema });
export type ProspectResponse = z.infer<typeof prospectResponseSchema>;

/**
 * POST /api/admissions/prospects/:id/convert (admin, student_admin) → 201 ConvertProspectResponse:
 * creates the student account from the application (full name, email, phone) and mails its
 * credentials like Create User. 409 alreadyConverted / alreadyDeclined / emailHasAccount (nothing
 * converted); 404. Two converts at once: one wins, the other gets 409.
 */
export const convertProspectRequestSchema = prospectStatusChangeRequestSchema;

/**
 * POST /api/admissions/prospects/:id/erase (admin, student_admin) → 200 { message: 'Applicant erased' }:
 * the applicant's personal data is crypto-shredded and the row leaves every list. 404; 409 alreadyErased.
 */
export const eraseProspectResponseSchema = z.object({ message: z.string() });
export type EraseProspectResponse = z.infer<typeof eraseProspectResponseSchema>;
export type ConvertProspectRequest = ProspectStatusChangeRequest;
export const convertProspectResponseSchema = z.object({ message: z.string(), prospect: prospectSchema, studentId: z.string() });
export type ConvertProspectResponse = z.infer<typeof convertProspectResponseSchema>;

/** GET /api/admissions/counts (admin, student_admin): the dashboards' 'Pending Approvals' / 'Pending Applications'. */
export const admissionsCountsSchema = z.object({
  /** Applications with status pending. */
  pendingApplications: z.number().int(),
  /** Applications still open (pending or contacted). */
  openApplications: z.number().int(),
  /** Quick-contact messages with status pending. */
  pendingQuickContacts: z.number().int(),
});
export type AdmissionsCounts = z.infer<typeof admissionsCountsSchema>;

/** Where each staff role's Prospective page lives (links in notifications). */
export const PROSPECTIVE_PAGE_BY_ROLE = {
  admin: '/dashboard/admin/prospective',
  student_admin: '/dashboard/student-admin/prospective',
} as const;

// ── integration events (stream prospect-<id>) ────────────────────────────────────────────────────
// Personal fields live in the event's encrypted `personal` part under the data subject
// `prospect-<id>` (ADR 0003); consumers read them from `event.personal?.data` (absent once erased).

export const ADMISSIONS_EVENTS = {
  ApplicationSubmitted: 'ApplicationSubmitted',
  QuickContactReceived: 'QuickContactReceived',
  ApplicantContacted: 'ApplicantContacted',
  ApplicantConverted: 'ApplicantConverted',
  ApplicantDeclined: 'ApplicantDeclined',
  /** The applicant's personal data was erased (their key destroyed): staff request or their account's deletion. */
  ApplicantErased: 'ApplicantErased',
} as const;
export type AdmissionsEventType = (typeof ADMISSIONS_EVENTS)[keyof typeof ADMISSIONS_EVENTS];

export const prospectStream = (prospectId: string) => `prospect-${prospectId}`;
export const prospectSubject = (prospectId: string) => `prospect-${prospectId}`;

export interface ApplicationSubmittedData {
  prospectId: string;
  /** Not personal: the course chosen (one of COURSE_OPTIONS). */
  course: CourseOption;
  /** The keyed HMAC of the address (EmailLookup, ADR 0014), never the address or a plain hash of it. */
  emailLookup?: string;
}
export interface ApplicationSubmittedPersonal {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
}
export interface QuickContactReceivedData {
  prospectId: string;
  /** As ApplicationSubmittedData.emailLookup. */
  emailLookup?: string;
}
export interface QuickContactReceivedPersonal {
  name: string;
  email: string;
  message: string;
}
/** ApplicantContacted / ApplicantDeclined: who and when are the event's metadata (actorId, occurredAt), repeated here for consumers. */
export interface ApplicantStatusChangedData {
  prospectId: string;
  previousStatus: ProspectStatus;
  byUserId: string;
  at: string;
}
/** Why an applicant was erased: a staff member's action on request, or the deletion of the account with their address. */
export const ERASURE_REASONS = ['request', 'account_deleted'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];
export interface ApplicantErasedData {
  prospectId: string;
  /** The staff member who erased them; null when it followed an account's deletion (the system). */
  byUserId: string | null;
  at: string;
  reason: ErasureReason;
}
export interface ApplicantConvertedData extends ApplicantStatusChangedData {
  /** The student account created from the application (identity's user id). */
  studentId: string;
}

// ── the command admissions sends identity to create the account (through Nest's CommandBus) ──────

/**
 * Identity handles it (@CommandHandler(CreateAccountFromApplication)): it creates a student account
 * exactly like Create User (generated password, AccountCredentialsIssued mail) and returns the new
 * user's id and the log position of its last event. Throws identity's 409 (DomainError 'conflict')
 * when the address already has an account. Defined here, not in either context, so neither imports
 * the other (ARCHITECTURE.md §2).
 */
export class CreateAccountFromApplication {
  constructor(
    readonly input: { fullName: string; email: string; phone: string },
    /** The event metadata of the staff member's convert request (actor, correlation, causation). */
    readonly metadata: { actorId: string | null; actorRole: string | null; correlationId: string; causationId: string | null; occurredAt: string },
  ) {}
}
export interface CreateAccountFromApplicationResult {
  userId: string;
  position: number;
}
