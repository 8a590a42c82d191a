import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import { CERTIFICATE_CODE, type Certificate } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';

/** The certificate with this code, or null (a malformed code is not looked up). */
export async function readCertificateByCode(em: EntityManager, code: string): Promise<Certificate | null> {
  if (!CERTIFICATE_CODE.test(code)) return null;
  const row = await orNone(certificateView(em).where({ code }).execute<CertificateViewRow | undefined>('get'), undefined);
  return row ? toCertificate(row, false) : null;
}
