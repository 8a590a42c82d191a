import { QueryHandler } from '@nestjs/cqrs';
import { orNone, ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { CERTIFICATE_CODE, CERTIFICATE_MESSAGES, type CertificateVerificationResponse } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';
import { VerifyCertificate } from './verify-certificate.query.js';

/**
 * Only what the certificate states: no ids, no email, no reason. Unknown and malformed codes: the same
 * 404 (a malformed code is not looked up).
 */
@QueryHandler(VerifyCertificate)
export class VerifyCertificateHandler extends ReadModelQueryHandler<VerifyCertificate> {
  async execute({ code }: VerifyCertificate): Promise<CertificateVerificationResponse> {
    const row = CERTIFICATE_CODE.test(code) ? await orNone(certificateView(this.em).where({ code }).execute<CertificateViewRow | undefined>('get'), undefined) : undefined;
    if (!row) throw new DomainError('not_found', CERTIFICATE_MESSAGES.certificateNotFound);
    const c = toCertificate(row, false);
    return {
      certificate: {
        code: c.code,
        status: c.revokedAt ? 'revoked' : 'valid',
        holderName: c.studentName,
        programName: c.programName,
        activatedAt: c.activatedAt,
        completedAt: c.completedAt,
        issuedAt: c.issuedAt,
        revokedAt: c.revokedAt,
        log: c.log,
      },
    };
  }
}
