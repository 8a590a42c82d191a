import { z } from 'zod';
import { text } from '../text.js';

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

/**
 * Name of the honeypot field on both public forms: rendered hidden from people (off-screen, no tab
 * stop, autocomplete off) so only bots fill it. A filled honeypot is answered like a success and
 * nothing is stored: the bot learns nothing.
 */
export const HONEYPOT_FIELD = 'website';

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
/**
 * 202 from convert: the conversion request is stored but the worker has not finished the account (or a
 * screen's read model has not shown it) within the wait, on a busy machine. It completes, or is undone,
 * by itself; the list shows the outcome.
 */
export const convertProspectPendingSchema = z.object({
  /** conversionPending when the worker was waited for; absent when only a read model was (the platform's 202, ADR 0005). */
  message: z.string().optional(),
  position: z.number().int(),
  pending: z.array(z.string()),
});
export type ConvertProspectPending = z.infer<typeof convertProspectPendingSchema>;
/** What convert answers with 201 or 202. */
export const convertProspectAnswerSchema = z.union([convertProspectResponseSchema, convertProspectPendingSchema]);

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
