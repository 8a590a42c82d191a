import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { certificatesResponseSchema, revokeCertificateResponseSchema, type RevokeCertificateRequest } from '@academy/contracts';
import { useSession } from '@academy/web-session';

/** Cache keys of the certificate answers (ADR 0030). */
export const certificateKeys = {
  all: ['certificates'] as const,
  mine: ['student', 'certificates'] as const,
};

/** GET /api/student/certificates: the caller's certificates (My Course). */
export function useMyCertificatesQuery() {
  const { fetch } = useSession();
  return useQuery({ queryKey: certificateKeys.mine, queryFn: async ({ signal }) => certificatesResponseSchema.parse(await fetch<unknown>('/api/student/certificates', { signal })) });
}

/** GET /api/certificates (admin): every certificate, with revocation reasons. */
export function useCertificatesQuery(enabled = true) {
  const { fetch } = useSession();
  return useQuery({ queryKey: certificateKeys.all, queryFn: async ({ signal }) => certificatesResponseSchema.parse(await fetch<unknown>('/api/certificates', { signal })), enabled });
}

/** GET /api/certificates/:enrollmentId/pdf as a Blob, for a download (the holder's or an admin's). */
export function useCertificatePdfDownload() {
  const { fetch } = useSession();
  return useMutation({ mutationFn: (enrollmentId: string) => fetch<Blob>(`/api/certificates/${encodeURIComponent(enrollmentId)}/pdf`, { responseType: 'blob' }) });
}

/** POST /api/certificates/:enrollmentId/revoke (admin), with a reason. */
export function useRevokeCertificateMutation() {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ enrollmentId, body }: { enrollmentId: string; body: RevokeCertificateRequest }) =>
      revokeCertificateResponseSchema.parse(await fetch(`/api/certificates/${encodeURIComponent(enrollmentId)}/revoke`, { method: 'POST', body })),
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

/** Saves a Blob under a file name (an object URL clicked, then released). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
