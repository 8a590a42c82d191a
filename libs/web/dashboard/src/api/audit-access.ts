import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditAccessResponseSchema, auditAccessStateResponseSchema } from '@academy/contracts';
import { useSession } from '@academy/web-session';

// The admin's side of auditors' access to personal data (issue 16): whether a grant stands, and
// granting or taking it back. Each change is an event in the log (PersonalDataAccessGranted / Revoked).

const accessKey = (auditorId: string) => ['audit', 'personal-data-access', auditorId] as const;

/** GET /api/audit/personal-data-access/:auditorId (admin). */
export function usePersonalDataAccessQuery(auditorId: string) {
  const { fetch } = useSession();
  return useQuery({
    queryKey: accessKey(auditorId),
    queryFn: async ({ signal }) => auditAccessStateResponseSchema.parse(await fetch(`/api/audit/personal-data-access/${encodeURIComponent(auditorId)}`, { signal })).access,
  });
}

/** PUT (grant) or DELETE (take back) /api/audit/personal-data-access/:auditorId; the switch reads the state again after. */
export function useSetPersonalDataAccessMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ auditorId, granted }: { auditorId: string; granted: boolean }) =>
      auditAccessResponseSchema.parse(await fetch<unknown>(`/api/audit/personal-data-access/${encodeURIComponent(auditorId)}`, { method: granted ? 'PUT' : 'DELETE' })),
    onSuccess: (_answer, { auditorId }) => client.invalidateQueries({ queryKey: accessKey(auditorId) }),
  });
}
