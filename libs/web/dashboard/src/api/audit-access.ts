import { auditAccessResponseSchema, auditAccessStateResponseSchema } from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

// The admin's side of auditors' access to personal data (issue 16): whether a grant stands, and
// granting or taking it back. Each change is an event in the log (PersonalDataAccessGranted / Revoked).

const accessKey = (auditorId: string) => ['audit', 'personal-data-access', auditorId] as const;
const accessPath = (auditorId: string) => pathOf('/api/audit/personal-data-access', auditorId);

/** GET /api/audit/personal-data-access/:auditorId (admin). */
export const usePersonalDataAccessQuery = (auditorId: string) => useApiQuery(accessKey(auditorId), accessPath(auditorId), auditAccessStateResponseSchema.transform((answer) => answer.access));

/** PUT (grant) or DELETE (take back) /api/audit/personal-data-access/:auditorId; the switch reads the state again after. */
export const useSetPersonalDataAccessMutation = () =>
  useApiMutation(({ auditorId, granted }: { auditorId: string; granted: boolean }) => ({ path: accessPath(auditorId), method: granted ? 'PUT' : 'DELETE' }), auditAccessResponseSchema, {
    onSuccess: (client, _answer, { auditorId }) => client.invalidateQueries({ queryKey: accessKey(auditorId) }),
  });
