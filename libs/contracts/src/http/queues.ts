import { z } from 'zod';
import { text } from '../text.js';

/**
 * The BullMQ queues the worker serves, as an admin sees them (ADR 0032): mail (every mail the academy
 * sends), system (the worker's heartbeat), audit (chain verifications).
 */
export const ADMIN_QUEUES = ['mail', 'system', 'audit', 'git'] as const;
export type AdminQueueName = (typeof ADMIN_QUEUES)[number];

export const QUEUE_MESSAGES = {
  jobRetried: 'Job queued again',
  jobNotFound: 'Failed job not found',
} as const;

/** How many failed jobs of each queue the list shows, newest first. */
export const FAILED_JOBS_SHOWN = 50;

/** A failed job: what it was and why it failed. Never its data (a mail job holds addresses and names). */
export const failedJobSchema = z.object({
  id: z.string(),
  /** The job's kind, e.g. the mail template or 'verify-chain'. */
  name: z.string(),
  /** The last error, at most 500 characters. */
  failedReason: z.string(),
  attemptsMade: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  failedAt: z.iso.datetime().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const queueSummarySchema = z.object({
  name: z.enum(ADMIN_QUEUES),
  counts: z.object({ waiting: z.number().int(), active: z.number().int(), delayed: z.number().int(), failed: z.number().int(), completed: z.number().int() }),
  /** The newest failed jobs (FAILED_JOBS_SHOWN at most; counts.failed says how many there are). */
  failed: z.array(failedJobSchema),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

/** GET /api/admin/queues */
export const adminQueuesSchema = z.object({ queues: z.array(queueSummarySchema) });
export type AdminQueues = z.infer<typeof adminQueuesSchema>;

/** POST /api/admin/queues/:queue/jobs/:id/retry: the path's parameters. */
export const adminQueueNameSchema = z.enum(ADMIN_QUEUES, { error: `must be one of ${ADMIN_QUEUES.join(', ')}` });
/** BullMQ's own ids are counters; ours are uuids or derived names (letters, digits, : _ . -). */
export const jobIdSchema = text().min(1).max(200).regex(/^[A-Za-z0-9:_.-]+$/, 'must be a job id');

export const retryJobAnswerSchema = z.object({ message: z.literal(QUEUE_MESSAGES.jobRetried) });
export type RetryJobAnswer = z.infer<typeof retryJobAnswerSchema>;
