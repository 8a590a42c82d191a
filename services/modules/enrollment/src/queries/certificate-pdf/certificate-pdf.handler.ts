import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@academy/backend';
import { GetCertificate } from '../get-certificate/get-certificate.query.js';
import { CertificatePdf } from './certificate-pdf.query.js';
import { certificatePdf, verificationUrl } from './certificate.pdf.js';

/** The holder's or an admin's: GetCertificate's object-level rule (404 for anyone else's). */
@QueryHandler(CertificatePdf)
export class CertificatePdfHandler implements IQueryHandler<CertificatePdf> {
  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, id: enrollmentId }: CertificatePdf) {
    const { certificate } = await this.queries.execute(new GetCertificate(principal, enrollmentId));
    const base = (this.config.PUBLIC_URL ?? `http://${this.config.HOST}:${this.config.PORT}`).replace(/\/+$/, '');
    const pdf = await certificatePdf(certificate, verificationUrl(base, certificate.code), this.config.ACADEMY_TIME_ZONE);
    return { pdf, code: certificate.code };
  }
}
