import { z } from 'zod';
import { text } from '../text.js';
import { optionalOrEmpty, position } from './audit-fields.js';

// The audit context's HTTP surface (issue 16, ARCHITECTURE.md §7b): read-only questions to the event
// log for auditors (and admins), and the admin's grant of personal data to an auditor. Every read is
// itself recorded in the log (AuditTrailViewed) before it is answered. This file: the event log, the
// grants and the Overview; beside it, one file per other auditor screen (audit-verify.ts,
// audit-why.ts, audit-time-travel.ts, audit-replay.ts).

/** The bounded contexts an event belongs to, named by its stream (see AUDIT_STREAM_CONTEXTS). */
export const AUDIT_CONTEXTS = ['identity', 'catalog', 'enrollment', 'learning', 'grading', 'admissions', 'notifications', 'audit'] as const;
export type AuditContext = (typeof AUDIT_CONTEXTS)[number];

/**
 * Stream prefix → context. Longest prefix first is not needed: no prefix here is the start of
 * another context's prefix (teacher-assignment/teacher-subject are both catalog; enrollment-place and
 * enrollment-codes are enrollment; certificate- is enrollment's, ADR 0030).
 */
export const AUDIT_STREAM_CONTEXTS: Record<AuditContext, readonly string[]> = {
  identity: ['user-', 'email-', 'application-account-'],
  catalog: ['program-', 'subject-', 'teacher-assignment-', 'teacher-subject-'],
  enrollment: ['enrollment-', 'certificate-'],
  learning: ['week-'],
  grading: ['work-', 'submission-pin-', 'extension-', 'conversation-', 'rubric-'],
  admissions: ['prospect-', 'applicant-email-'],
  notifications: ['inbox-'],
  audit: ['audit-'],
};

/** The context of a stream; null for a stream no context claims (an old or foreign one). */
export function auditContextOf(streamId: string): AuditContext | null {
  for (const context of AUDIT_CONTEXTS) if (AUDIT_STREAM_CONTEXTS[context].some((p) => streamId.startsWith(p))) return context;
  return null;
}

const filterText = (label: string, max: number) => text().trim().max(max, `${label} must be at most ${max} characters`).optional().transform((v) => v || undefined);
const instant = (label: string) => optionalOrEmpty(z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` }));

/**
 * GET /api/audit/events (auditor, admin): the Event log, newest first, paged by position with a keyset
 * (`before` = the last position of the previous page; never an offset, so a page costs the same at any
 * depth). Filters combine with AND; empty ones are ignored. `from`/`to` bound recorded-at (inclusive, exclusive).
 */
export const auditEventsQuerySchema = z
  .object({
    before: position('Before').optional(),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(200, 'Limit must be at most 200').default(50),
    stream: filterText('Stream', 300),
    type: filterText('Event type', 100),
    context: z.enum(AUDIT_CONTEXTS, { error: `Choose one of ${AUDIT_CONTEXTS.join(', ')}` }).optional(),
    actor: optionalOrEmpty(z.uuid({ error: 'Actor must be a user id' })),
    correlation: filterText('Correlation id', 100),
    from: instant('From'),
    to: instant('To'),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'To must be after From' });
export type AuditEventsQuery = z.input<typeof auditEventsQuerySchema>;
export type AuditEventsFilter = z.output<typeof auditEventsQuerySchema>;

/**
 * What an event's personal part is to the reader: none (the event has none), erased (its subject was
 * crypto-shredded), masked (the reader may not see it: only the field names are shown) or clear.
 */
export const auditPersonalStateSchema = z.enum(['none', 'erased', 'masked', 'clear']);
export type AuditPersonalState = z.infer<typeof auditPersonalStateSchema>;

export const auditMetadataSchema = z.object({
  actorId: z.string().nullable(),
  actorRole: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
});

/** One row of the Event log (no personal data: only whether the event has some and its state). */
export const auditEventSummarySchema = z.object({
  position: z.number().int(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  id: z.string(),
  type: z.string(),
  context: z.enum(AUDIT_CONTEXTS).nullable(),
  recordedAt: z.string(),
  metadata: auditMetadataSchema,
  /** none, or erased when the subject was shredded; otherwise 'present' (open the event to see it). */
  personal: z.enum(['none', 'erased', 'present']),
});
export type AuditEventSummary = z.infer<typeof auditEventSummarySchema>;

export const auditEventsResponseSchema = z.object({
  events: z.array(auditEventSummarySchema),
  /** The `before` of the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditEventsResponse = z.infer<typeof auditEventsResponseSchema>;

/** GET /api/audit/events/:position (auditor, admin): one event in full; 404 when there is none. */
export const auditEventDetailSchema = auditEventSummarySchema.omit({ personal: true }).extend({
  schemaVersion: z.number().int(),
  data: z.unknown(),
  personal: z.object({
    state: auditPersonalStateSchema,
    subjectId: z.string().nullable(),
    /** The personal fields: values when clear, '•••' when masked; empty when none or erased. */
    fields: z.record(z.string(), z.unknown()),
  }),
  hash: z.string(),
  prevHash: z.string(),
});
export type AuditEventDetail = z.infer<typeof auditEventDetailSchema>;
/** What a masked personal value shows. */
export const AUDIT_MASK = '•••';

/**
 * PUT /api/audit/personal-data-access/:auditorId (admin) → 200 { message, access }: the auditor sees
 * personal fields in clear from now on; DELETE takes it back. Both are events (PersonalDataAccessGranted / Revoked).
 */
export const auditAccessSchema = z.object({ auditorId: z.string(), granted: z.boolean() });
export const auditAccessResponseSchema = z.object({ message: z.string(), access: auditAccessSchema });
export type AuditAccessResponse = z.infer<typeof auditAccessResponseSchema>;
/**
 * GET /api/audit/personal-data-access/:auditorId (admin) → 200 { access }: whether a grant stands, since
 * when and by whom (null/null: never granted, or taken back: `since` is then the revocation's time).
 */
export const auditAccessStateSchema = auditAccessSchema.extend({ since: z.string().nullable(), byUserId: z.string().nullable() });
export const auditAccessStateResponseSchema = z.object({ access: auditAccessStateSchema });
export type AuditAccessState = z.infer<typeof auditAccessStateSchema>;
export const AUDIT_MESSAGES = {
  eventNotFound: 'Event not found',
  auditorNotFound: 'Auditor not found',
  accessGranted: 'Personal data access granted',
  accessRevoked: 'Personal data access revoked',
  /** GET /api/audit/why: no such enrollment or graded submission. */
  whyNotFound: 'Nothing to explain: no such value',
} as const;

// ── the Overview's activity chart and projection lag (issue 16) ──────────────────────────────────

/** How many days of activity the Overview charts. */
export const AUDIT_ACTIVITY_DAYS = 14;

/** GET /api/audit/overview: events per day by context and type, and every projection and consumer with its lag. */
export const auditOverviewSchema = z.object({
  /** The first UTC day charted (YYYY-MM-DD); days without events are absent. */
  since: z.string(),
  activity: z.array(z.object({ day: z.string(), context: z.enum(AUDIT_CONTEXTS).nullable(), type: z.string(), count: z.number().int() })),
  readers: z.array(
    z.object({
      /** projection, or the consumer's kind (dispatcher, reactor). */
      kind: z.string(),
      name: z.string(),
      version: z.number().int().nullable(),
      status: z.string(),
      checkpoint: z.number().int(),
      head: z.number().int(),
      lag: z.number().int(),
      /** Where and why it is stuck, while it is. */
      failing: z.object({ position: z.number().int(), error: z.string(), since: z.string() }).nullable(),
    }),
  ),
});
export type AuditOverview = z.infer<typeof auditOverviewSchema>;
