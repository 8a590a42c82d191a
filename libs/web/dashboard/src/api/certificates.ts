import { z } from 'zod';
import { certificatesResponseSchema, revokeCertificateResponseSchema, type RevokeCertificateRequest } from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

/** Cache keys of the certificate answers (ADR 0030). */
export const certificateKeys = {
  all: ['certificates'] as const,
  mine: ['student', 'certificates'] as const,
};

/** GET /api/student/certificates: the caller's certificates (My Course). */
export const useMyCertificatesQuery = () => useApiQuery(certificateKeys.mine, '/api/student/certificates', certificatesResponseSchema);

/** GET /api/certificates (admin): every certificate, with revocation reasons. */
export const useCertificatesQuery = (enabled = true) => useApiQuery(certificateKeys.all, '/api/certificates', certificatesResponseSchema, { enabled });

/** GET /api/certificates/:enrollmentId/pdf as a Blob, for a download (the holder's or an admin's). */
export const useCertificatePdfDownload = () =>
  useApiMutation((enrollmentId: string) => ({ path: pathOf('/api/certificates', enrollmentId, '/pdf'), responseType: 'blob' }), z.instanceof(Blob));

/** POST /api/certificates/:enrollmentId/revoke (admin), with a reason. */
export const useRevokeCertificateMutation = () =>
  useApiMutation(({ enrollmentId, body }: { enrollmentId: string; body: RevokeCertificateRequest }) => ({ path: pathOf('/api/certificates', enrollmentId, '/revoke'), body }), revokeCertificateResponseSchema, {
    onSuccess: (client) => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });

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
