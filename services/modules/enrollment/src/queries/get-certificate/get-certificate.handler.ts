import { QueryHandler } from '@nestjs/cqrs';
import { isUuid, orNone, ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { CERTIFICATE_MESSAGES, type Certificate } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';
import { GetCertificate } from './get-certificate.query.js';

/**
 * Object-level: a student gets only their own certificate; another's answers 404, as if it did not
 * exist, as do an unknown and a malformed id. The revocation reason is the admins' (ADR 0030).
 */
@QueryHandler(GetCertificate)
export class GetCertificateHandler extends ReadModelQueryHandler<GetCertificate> {
  async execute({ principal, id: enrollmentId }: GetCertificate): Promise<{ certificate: Certificate }> {
    const admin = principal.role === 'admin';
    const row = isUuid(enrollmentId) ? await orNone(certificateView(this.em).where({ enrollmentId }).execute<CertificateViewRow | undefined>('get'), undefined) : undefined;
    if (!row || (!admin && row.studentId !== principal.userId)) throw new DomainError('not_found', CERTIFICATE_MESSAGES.certificateNotFound);
    return { certificate: toCertificate(row, admin) };
  }
}
