import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone } from '@academy/backend';
import type { Certificate } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';

/** The certificate of an enrollment, or null (unknown or malformed id); `reason` for admins only. */
export async function readCertificate(em: EntityManager, enrollmentId: string, reason: boolean): Promise<Certificate | null> {
  if (!isUuid(enrollmentId)) return null;
  const row = await orNone(certificateView(em).where({ enrollmentId }).execute<CertificateViewRow | undefined>('get'), undefined);
  return row ? toCertificate(row, reason) : null;
}
