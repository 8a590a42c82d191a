import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { CERTIFICATE_MESSAGES, type CertificateVerificationResponse } from '@academy/contracts';
import { VerifyCertificate } from './verify-certificate.query.js';
import { readCertificateByCode } from './verify-certificate.read.js';

/** Only what the certificate states: no ids, no email, no reason. Unknown and malformed codes: the same 404. */
@QueryHandler(VerifyCertificate)
export class VerifyCertificateHandler implements IQueryHandler<VerifyCertificate> {
  constructor(private readonly em: EntityManager) {}

  async execute({ code }: VerifyCertificate): Promise<CertificateVerificationResponse> {
    const c = await readCertificateByCode(this.em, code);
    if (!c) throw new DomainError('not_found', CERTIFICATE_MESSAGES.certificateNotFound);
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
