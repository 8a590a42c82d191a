import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** GET /api/health as @nestjs/terminus answers it (200 when up, 503 with the same shape when not). */
export const healthAnswerSchema = z.object({
  status: z.string(),
  details: z.record(z.string(), z.looseObject({ status: z.string(), message: z.string().optional() })).optional().default({}),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

export const healthKey = ['health'] as const;

/** What the admin dashboard's System Status card says about a health answer. */
export function describeHealth(answer: HealthAnswer): { value: string; caption: string } {
  const notUp = Object.entries(answer.details).filter(([, part]) => part.status !== 'up');
  if (answer.status === 'ok' && notUp.length === 0) return { value: 'Active', caption: 'All systems healthy' };
  const parts = notUp.map(([name, part]) => `${name} ${part.status}${part.message ? ` (${part.message})` : ''}`);
  return { value: answer.status === 'ok' ? 'Active' : 'Down', caption: parts.length ? parts.join(', ') : `Status: ${answer.status}` };
}

/** The API's health (public): its body is read whatever the HTTP status, since a 503 says what is down. */
export function useHealthQuery() {
  return useQuery({
    queryKey: healthKey,
    queryFn: async ({ signal }) => {
      const res = await fetch('/api/health', { headers: { accept: 'application/json' }, signal });
      const parsed = healthAnswerSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new Error(`The health check answered HTTP ${res.status}.`);
      return parsed.data;
    },
    refetchInterval: 30_000,
  });
}
