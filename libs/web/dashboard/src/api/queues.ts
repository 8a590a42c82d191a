import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminQueueName, adminQueuesSchema, retryJobAnswerSchema } from '@academy/contracts';
import { useSession } from '@academy/web-session';

// The admin's Queues page (issue 17 §6, ADR 0032): the worker's queues and their failed jobs.

export const queueKeys = { all: ['admin', 'queues'] as const };

/** GET /api/admin/queues (admins): counts and the newest failed jobs of each queue. */
export function useAdminQueuesQuery() {
  const { fetch } = useSession();
  return useQuery({ queryKey: queueKeys.all, queryFn: async ({ signal }) => adminQueuesSchema.parse(await fetch('/api/admin/queues', { signal })) });
}

/** POST /api/admin/queues/:queue/jobs/:id/retry; the list is read again either way (a 404 means someone else retried it). */
export function useRetryJobMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ queue, id }: { queue: AdminQueueName; id: string }) =>
      retryJobAnswerSchema.parse(await fetch(`/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST' })),
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.all }),
  });
}
