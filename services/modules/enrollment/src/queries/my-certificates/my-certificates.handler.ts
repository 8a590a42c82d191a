import { QueryHandler } from '@nestjs/cqrs';
import { orNone, ReadModelQueryHandler } from '@academy/backend';
import type { CertificatesResponse } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';
import { MyCertificates } from './my-certificates.query.js';

/** A student's certificates, newest first; the revocation reason is the admins' (ADR 0030). */
@QueryHandler(MyCertificates)
export class MyCertificatesHandler extends ReadModelQueryHandler<MyCertificates> {
  async execute({ userId: studentId }: MyCertificates): Promise<CertificatesResponse> {
    const rows = await orNone(certificateView(this.em).where({ studentId }).orderBy({ issuedAt: 'desc' }).execute<CertificateViewRow[]>('all'), []);
    return { certificates: rows.map((r) => toCertificate(r, false)) };
  }
}
