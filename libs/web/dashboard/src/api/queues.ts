import { type AdminQueueName, adminQueuesSchema, retryJobAnswerSchema } from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

// The admin's Queues page (issue 17 §6, ADR 0032): the worker's queues and their failed jobs.

export const queueKeys = { all: ['admin', 'queues'] as const };

/** GET /api/admin/queues (admins): counts and the newest failed jobs of each queue. */
export const useAdminQueuesQuery = () => useApiQuery(queueKeys.all, '/api/admin/queues', adminQueuesSchema);

/** POST /api/admin/queues/:queue/jobs/:id/retry; the list is read again either way (a 404 means someone else retried it). */
export const useRetryJobMutation = () =>
  useApiMutation(({ queue, id }: { queue: AdminQueueName; id: string }) => ({ path: pathOf(`/api/admin/queues/${queue}/jobs`, id, '/retry'), method: 'POST' }), retryJobAnswerSchema, {
    onSettled: (client) => client.invalidateQueries({ queryKey: queueKeys.all }),
  });
