import { z } from 'zod';
import { enrollmentStatusSchema } from './enrollment.js';
import { gradeStatusSchema, workKindSchema } from './grading.js';
import { prospectKindSchema, prospectStatusSchema } from './admissions.js';
import { optionalOrEmpty } from './audit-fields.js';

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
    id: optionalOrEmpty(z.uuid({ error: 'Id must be an id' })),
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

/** An attempt's grade as it stood; feedback is personal and never shown. */
const asOfGradeSchema = z.object({ status: gradeStatusSchema, score: z.number().nullable(), teacherId: z.string() });

/** One attempt as its owner's fold sees it (grading's `gradebookAsOf`): ids, no names. */
export const asOfGradebookFoldRowSchema = z.object({
  submissionId: z.string(),
  studentId: z.string(),
  itemId: z.string(),
  kind: workKindSchema,
  weekId: z.string(),
  attempt: z.number().int(),
  /** False for an attempt a newer one superseded. */
  latest: z.boolean(),
  grade: asOfGradeSchema.nullable(),
});
export type AsOfGradebookFoldRow = z.infer<typeof asOfGradebookFoldRowSchema>;

/** One attempt of a subject's gradebook as it stood, with the item's title, its week's number and the people's names then. */
export const asOfGradebookRowSchema = asOfGradebookFoldRowSchema.extend({
  studentName: asOfNameSchema,
  /** The task's or capstone's title as it stood (learning's week stream); null when unknown by then. */
  title: z.string().nullable(),
  weekNumber: z.number().int().nullable(),
  grade: asOfGradeSchema.extend({ teacherName: asOfNameSchema }).nullable(),
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
