import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import type { Certificate } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';

/** A student's certificates, newest first; the revocation reason is the admins' (ADR 0030). */
export async function readStudentCertificates(em: EntityManager, studentId: string): Promise<Certificate[]> {
  const rows = await orNone(certificateView(em).where({ studentId }).orderBy({ issuedAt: 'desc' }).execute<CertificateViewRow[]>('all'), []);
  return rows.map((r) => toCertificate(r, false));
}
