import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import type { Certificate } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';

/** Every certificate, newest first, as admins see them (with the reason). */
export async function readCertificates(em: EntityManager): Promise<Certificate[]> {
  const rows = await orNone(certificateView(em).orderBy({ issuedAt: 'desc' }).execute<CertificateViewRow[]>('all'), []);
  return rows.map((r) => toCertificate(r, true));
}
