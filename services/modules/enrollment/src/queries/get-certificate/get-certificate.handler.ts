import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@academy/event-store';
import { CERTIFICATE_MESSAGES, type Certificate } from '@academy/contracts';
import { GetCertificate } from './get-certificate.query.js';
import { readCertificate } from './get-certificate.read.js';

/** Object-level: a student gets only their own certificate; another's answers 404, as if it did not exist. */
@QueryHandler(GetCertificate)
export class GetCertificateHandler implements IQueryHandler<GetCertificate> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal, enrollmentId }: GetCertificate): Promise<{ certificate: Certificate }> {
    const admin = principal.role === 'admin';
    const certificate = await readCertificate(this.em, enrollmentId, admin);
    if (!certificate || (!admin && certificate.studentId !== principal.userId)) throw new DomainError('not_found', CERTIFICATE_MESSAGES.certificateNotFound);
    return { certificate };
  }
}
