import { z } from 'zod';
import { auditEventSummarySchema } from './audit.js';

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
   * same-command: appended by the same command just before it (one grading makes SubmissionGraded and CapstonePassed);
   * rubric: the RubricSet of the version a rubric grade was scored with (issue 30 §2: its criteria and levels made the score).
   */
  link: z.enum(['value', 'caused', 'same-command', 'rubric']),
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
