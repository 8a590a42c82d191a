import { QueryHandler } from '@nestjs/cqrs';
import { orNone, ReadModelQueryHandler } from '@academy/backend';
import type { CertificatesResponse } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';
import { ListCertificates } from './list-certificates.query.js';

/** Every certificate, newest first, as admins see them (with the reason). */
@QueryHandler(ListCertificates)
export class ListCertificatesHandler extends ReadModelQueryHandler<ListCertificates> {
  async execute(): Promise<CertificatesResponse> {
    const rows = await orNone(certificateView(this.em).orderBy({ issuedAt: 'desc' }).execute<CertificateViewRow[]>('all'), []);
    return { certificates: rows.map((r) => toCertificate(r, true)) };
  }
}
