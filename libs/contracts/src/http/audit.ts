import { z } from 'zod';
import { text } from '../text.js';
import { enrollmentStatusSchema } from './enrollment.js';
import { gradeStatusSchema, workKindSchema } from './grading.js';
import { prospectKindSchema, prospectStatusSchema } from './admissions.js';

// The audit context's HTTP surface (issue 16, ARCHITECTURE.md §7b): read-only questions to the event
// log for auditors (and admins), and the admin's grant of personal data to an auditor. Every read is
// itself recorded in the log (AuditTrailViewed) before it is answered.

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
  grading: ['work-'],
  admissions: ['prospect-', 'applicant-email-'],
  notifications: ['inbox-'],
  audit: ['audit-'],
};

/** The context of a stream; null for a stream no context claims (an old or foreign one). */
export function auditContextOf(streamId: string): AuditContext | null {
  for (const context of AUDIT_CONTEXTS) if (AUDIT_STREAM_CONTEXTS[context].some((p) => streamId.startsWith(p))) return context;
  return null;
}

const position = (label: string) =>
  z.coerce.number({ error: `${label} must be a position` }).int(`${label} must be a position`).min(1, `${label} must be a position`).max(Number.MAX_SAFE_INTEGER, `${label} must be a position`);
const filterText = (label: string, max: number) => text().trim().max(max, `${label} must be at most ${max} characters`).optional().transform((v) => v || undefined);
const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` })
    .optional()
    .or(z.literal('').transform(() => undefined));

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
    actor: z.uuid({ error: 'Actor must be a user id' }).optional().or(z.literal('').transform(() => undefined)),
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

/** The result of the last whole-chain verification. */
export const auditVerificationSchema = z.object({
  /** The request's id (its ChainVerificationRequested event). */
  id: z.string(),
  at: z.string(),
  byUserId: z.string().nullable(),
  ok: z.boolean(),
  checked: z.number().int(),
  /** The first broken position and why, when not ok. */
  position: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The head the walk ended at when ok (what a checkpoint then signs). */
  head: z.object({ position: z.number().int(), hash: z.string() }).nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

/** GET /api/audit/chain (auditor, admin): the head of the chain and the last verification (null: never verified). */
export const auditChainStateSchema = z.object({
  head: z.object({ position: z.number().int(), hash: z.string() }),
  lastVerification: auditVerificationSchema.nullable(),
});
export type AuditChainState = z.infer<typeof auditChainStateSchema>;

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

// ── verification jobs and signed checkpoints (issue 16 step 3) ───────────────────────────────────

/** A signed checkpoint as exported (libs/event-store/src/audit/checkpoint.ts makes and checks them). */
export const signedCheckpointSchema = z.object({
  format: z.literal('academy-checkpoint/1', { error: 'Not a checkpoint file of this academy' }),
  position: z.number({ error: 'Position must be a position' }).int('Position must be a position').min(1, 'Position must be a position'),
  headHash: text({ error: 'Head hash is required' }).length(64, 'Head hash must be 64 hex digits').regex(/^[0-9a-f]{64}$/, 'Head hash must be 64 hex digits'),
  at: text({ error: 'Time is required' }).max(40, 'Time is too long'),
  keyId: text({ error: 'Key id is required' }).max(64, 'Key id is too long'),
  publicKey: text({ error: 'Public key is required' }).max(100, 'Public key is too long'),
  signature: text({ error: 'Signature is required' }).max(200, 'Signature is too long'),
});
export type SignedCheckpointFile = z.infer<typeof signedCheckpointSchema>;

/**
 * POST /api/audit/verifications (auditor, admin) {checkpoint?} → 202 { id }: the whole chain is walked
 * by a job (the worker); with a checkpoint, whose signature is checked first (400 fields.checkpoint),
 * the chain must also pass through it. The request is an event (ChainVerificationRequested).
 */
export const verificationRequestSchema = z.object({ checkpoint: signedCheckpointSchema.optional() });
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;
export const verificationAcceptedSchema = z.object({ id: z.string() });

/** GET /api/audit/verifications/:id (auditor, admin): where the job is; poll until `done`. 404 for an unknown id. */
export const verificationStatusSchema = z.object({
  id: z.string(),
  state: z.enum(['queued', 'running', 'done']),
  /** Events checked so far of the head when the walk began (null before the job reports). */
  progress: z.object({ checked: z.number().int(), total: z.number().int() }).nullable(),
  /** Against a checkpoint: its position. */
  checkpointPosition: z.number().int().nullable(),
  result: auditVerificationSchema.nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** One signed checkpoint as the Verify page lists it (newest first), with who made it. */
export const auditCheckpointSchema = signedCheckpointSchema.extend({ id: z.string(), byUserId: z.string().nullable() });
export type AuditCheckpoint = z.infer<typeof auditCheckpointSchema>;
/** GET /api/audit/checkpoints (auditor, admin). */
export const auditCheckpointsResponseSchema = z.object({ checkpoints: z.array(auditCheckpointSchema) });
export type AuditCheckpointsResponse = z.infer<typeof auditCheckpointsResponseSchema>;
/**
 * POST /api/audit/checkpoints (auditor, admin) → 201 { message, checkpoint }: signs the head the last
 * successful verification passed through (409 when there is none). GET /api/audit/checkpoints/:id/export
 * → the checkpoint as a file (application/json attachment); recorded as CheckpointExported.
 */
export const auditCheckpointResponseSchema = z.object({ message: z.string(), checkpoint: auditCheckpointSchema });
export type AuditCheckpointResponse = z.infer<typeof auditCheckpointResponseSchema>;

export const AUDIT_VERIFY_MESSAGES = {
  verificationNotFound: 'Verification not found',
  checkpointNotFound: 'Checkpoint not found',
  verifyFirst: 'Verify the chain first: a checkpoint signs the head a successful verification passed through.',
  checkpointSigned: 'Checkpoint signed',
} as const;

/**
 * "Why?" (issue 16): the values whose causes can be asked for, each named by the id of what holds it.
 * enrollment-week and enrollment-status: an enrollment id; grade-status: a submission id.
 */
export const AUDIT_WHY_VIEWS = ['enrollment-week', 'enrollment-status', 'grade-status'] as const;
export type AuditWhyView = (typeof AUDIT_WHY_VIEWS)[number];

/** One link of the chain: an event, and how it is tied to the one after it. */
export const auditWhyStepSchema = auditEventSummarySchema.extend({
  /**
   * value: the event that set the value; caused: the event named by the causation id of the step before;
   * same-command: appended by the same command just before it (one grading makes SubmissionGraded and CapstonePassed).
   */
  link: z.enum(['value', 'caused', 'same-command']),
});
export type AuditWhyStep = z.infer<typeof auditWhyStepSchema>;

/** GET /api/audit/why/:view/:id — the value now, and its causes from the value back to the first one. */
export const auditWhyResponseSchema = z.object({
  view: z.enum(AUDIT_WHY_VIEWS),
  id: z.string(),
  /** As the staff screens show it: "Week 3", "active", "passed". */
  value: z.string(),
  chain: z.array(auditWhyStepSchema),
});
export type AuditWhyResponse = z.infer<typeof auditWhyResponseSchema>;

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

// ── time travel (issue 16): a screen as it stood at a past moment, folded from the log ───────────

/**
 * The screens time travel shows: a subject's gradebook (id: the subject), a student's enrollment with
 * its current week and progress (id: the enrollment), the prospect pipeline (no id).
 */
export const AUDIT_AS_OF_VIEWS = ['gradebook', 'enrollment', 'pipeline'] as const;
export type AuditAsOfView = (typeof AUDIT_AS_OF_VIEWS)[number];

/** GET /api/audit/as-of?at=&view=&id= (auditor, admin). */
export const auditAsOfQuerySchema = z
  .object({
    at: z.iso.datetime({ offset: true, error: 'At must be a date and time (ISO 8601)' }),
    view: z.enum(AUDIT_AS_OF_VIEWS, { error: `Choose one of ${AUDIT_AS_OF_VIEWS.join(', ')}` }),
    id: z.uuid({ error: 'Id must be an id' }).optional().or(z.literal('').transform(() => undefined)),
  })
  .refine((q) => q.view === 'pipeline' || q.id !== undefined, { path: ['id'], message: 'Id is required for this view' });
export type AuditAsOfQuery = z.input<typeof auditAsOfQuerySchema>;
export type AuditAsOfFilter = z.output<typeof auditAsOfQuerySchema>;

/**
 * A person's name as it stood (identity's user stream up to the position): in clear for an admin or a
 * granted auditor, masked ('•••', like the Event log) otherwise, erased once the person was
 * crypto-shredded (erasure is for ever: it reaches back into every past view), unknown when the log has
 * no such user by then. `name` is null unless clear or masked.
 */
export const asOfNameSchema = z.object({ state: z.enum(['clear', 'masked', 'erased', 'unknown']), name: z.string().nullable() });
export type AsOfName = z.infer<typeof asOfNameSchema>;

/** One enrollment as its owner's fold sees it (enrollment's `enrollmentAsOf`): ids, no names. */
export const asOfEnrollmentFoldSchema = z.object({
  enrollmentId: z.string(),
  code: z.string(),
  studentId: z.string(),
  programId: z.string(),
  subjectId: z.string(),
  status: enrollmentStatusSchema,
  currentWeek: z.number().int(),
  /** Progress as the student's screen shows it: currentWeek of 20, whole percent. */
  percent: z.number().int(),
  enrolledAt: z.string(),
  activatedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type AsOfEnrollmentFold = z.infer<typeof asOfEnrollmentFoldSchema>;

/** One enrollment as it stood: the enrollment screens' fields, with the names as they stood then. */
export const asOfEnrollmentSchema = asOfEnrollmentFoldSchema.extend({
  studentName: asOfNameSchema,
  /** The catalog's names by then; null when the log has no such programme or subject by then. */
  programName: z.string().nullable(),
  subjectName: z.string().nullable(),
});
export type AsOfEnrollment = z.infer<typeof asOfEnrollmentSchema>;

/** One attempt as its owner's fold sees it (grading's `gradebookAsOf`): ids, no names; feedback is personal and never shown. */
export const asOfGradebookFoldRowSchema = z.object({
  submissionId: z.string(),
  studentId: z.string(),
  itemId: z.string(),
  kind: workKindSchema,
  weekId: z.string(),
  attempt: z.number().int(),
  /** False for an attempt a newer one superseded. */
  latest: z.boolean(),
  grade: z.object({ status: gradeStatusSchema, score: z.number().nullable(), teacherId: z.string() }).nullable(),
});
export type AsOfGradebookFoldRow = z.infer<typeof asOfGradebookFoldRowSchema>;

/** One attempt of a subject's gradebook as it stood, with the item's title, its week's number and the people's names then. */
export const asOfGradebookRowSchema = asOfGradebookFoldRowSchema.extend({
  studentName: asOfNameSchema,
  /** The task's or capstone's title as it stood (learning's week stream); null when unknown by then. */
  title: z.string().nullable(),
  weekNumber: z.number().int().nullable(),
  grade: z.object({ status: gradeStatusSchema, score: z.number().nullable(), teacherId: z.string(), teacherName: asOfNameSchema }).nullable(),
});
export type AsOfGradebookRow = z.infer<typeof asOfGradebookRowSchema>;

/** One prospect of the pipeline (names and addresses are personal: never shown here). */
export const asOfProspectSchema = z.object({
  prospectId: z.string(),
  kind: prospectKindSchema,
  status: prospectStatusSchema,
  /** Crypto-shredded (right to erasure) by then. */
  erased: z.boolean(),
});
export type AsOfProspect = z.infer<typeof asOfProspectSchema>;

const asOfBase = z.object({
  /** The moment asked for (as given). */
  at: z.string(),
  /** The log position that moment maps to: every event up to it, none after (ADR 0031). */
  position: z.number().int(),
  /** True when people's names are in clear (admin, or auditor with a grant); else they are masked. */
  personalInClear: z.boolean(),
});

export const auditAsOfResponseSchema = z.discriminatedUnion('view', [
  asOfBase.extend({ view: z.literal('enrollment'), id: z.string(), enrollment: asOfEnrollmentSchema }),
  asOfBase.extend({ view: z.literal('gradebook'), id: z.string(), rows: z.array(asOfGradebookRowSchema) }),
  asOfBase.extend({
    view: z.literal('pipeline'),
    prospects: z.array(asOfProspectSchema),
    /** Prospects per kind and status, the admissions dashboards' figures. */
    counts: z.array(z.object({ kind: prospectKindSchema, status: prospectStatusSchema, count: z.number().int() })),
  }),
]);
export type AuditAsOfResponse = z.infer<typeof auditAsOfResponseSchema>;

export const AUDIT_AS_OF_MESSAGES = {
  /** 404: the enrollment did not exist yet then (or never did). */
  enrollmentNotFound: 'No such enrollment at that time',
} as const;

// ── evidence bundles (issue 16) ───────────────────────────────────────────────────────────────────

/** The most events one bundle may be asked for (libs/event-store EVIDENCE_MAX_EVENTS). */
export const AUDIT_EVIDENCE_MAX_RANGE = 20_000;

/**
 * GET /api/audit/evidence?from=&to= (auditor, admin) → the bundle (application/x-ndjson attachment
 * `evidence-<from>-<last>.jsonl`): the events from..to, extended to the nearest signed checkpoint after
 * `to`, with their hashes, that checkpoint, and a signature line. Recorded as EvidenceExported.
 */
export const auditEvidenceQuerySchema = z
  .object({ from: position('From'), to: position('To') })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'To must not be before From' })
  .refine((q) => q.to - q.from < AUDIT_EVIDENCE_MAX_RANGE, { path: ['to'], message: `A bundle holds at most ${AUDIT_EVIDENCE_MAX_RANGE} events` });
export type AuditEvidenceQuery = z.output<typeof auditEvidenceQuerySchema>;

// ── replay (issue 16 "Replay", ADR 0034) ───────────────────────────────────────────────────────────

/** POST /api/audit/replays (auditor, admin) → 202 { id }: every projection is replayed into a scratch schema by a job (the worker). */
export const replayAcceptedSchema = z.object({ id: z.string() });
export type ReplayAccepted = z.infer<typeof replayAcceptedSchema>;

const replaySide = z.enum(['live-only', 'replay-only']);
/** One projection's outcome: compared at `position`; how many rows differ per table and side. */
export const replayProjectionSchema = z.object({
  name: z.string(),
  version: z.number().int(),
  result: z.enum(['equal', 'different', 'skipped']),
  position: z.number().int(),
  reason: z.string().nullable(),
  differing: z.array(z.object({ table: z.string(), side: replaySide, rows: z.number().int() })),
  missingTables: z.array(z.object({ table: z.string(), side: replaySide })),
});
export type ReplayProjection = z.infer<typeof replayProjectionSchema>;
/** A differing row: in the live table only, or in the replay only (a changed row is one of each). */
export const replayRowSchema = z.object({ projection: z.string(), table: z.string(), side: replaySide, row: z.record(z.string(), z.unknown()) });
export type ReplayRow = z.infer<typeof replayRowSchema>;

/**
 * GET /api/audit/replays/:id (auditor, admin): where a replay is; poll until `done`. 404 for an unknown id.
 * `progress`: projection `index` of `count`, log position `applied` of `head` (null before the job reports).
 * `rows`: the first differing rows of each table and side, kept for the LAST replay only (`rowsKept`
 * false once a later one replaced them); `personal` says whether their values may show personal data
 * in clear ('clear': an admin or a granted auditor) or were masked ('masked').
 */
export const replayStatusSchema = z.object({
  id: z.string(),
  state: z.enum(['queued', 'running', 'done']),
  requestedAt: z.string(),
  byUserId: z.string(),
  progress: z.object({ projection: z.string(), index: z.number().int(), count: z.number().int(), applied: z.number().int(), head: z.number().int() }).nullable(),
  result: z.object({ at: z.string(), equal: z.boolean(), projections: z.array(replayProjectionSchema) }).nullable(),
  personal: z.enum(['clear', 'masked']),
  rows: z.array(replayRowSchema),
  rowsKept: z.boolean(),
});
export type ReplayStatus = z.infer<typeof replayStatusSchema>;
/** GET /api/audit/replays (auditor, admin): the last replay asked for (null: none yet). */
export const replayLatestSchema = z.object({ replay: replayStatusSchema.nullable() });
export type ReplayLatest = z.infer<typeof replayLatestSchema>;

export const AUDIT_REPLAY_MESSAGES = {
  replayNotFound: 'Replay not found',
} as const;
