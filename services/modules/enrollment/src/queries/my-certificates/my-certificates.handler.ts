import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { orNone } from '@academy/backend';
import type { CertificatesResponse } from '@academy/contracts';
import { certificateView, type CertificateViewRow, toCertificate } from '../certificate-view.js';
import { MyCertificates } from './my-certificates.query.js';

/** A student's certificates, newest first; the revocation reason is the admins' (ADR 0030). */
@QueryHandler(MyCertificates)
export class MyCertificatesHandler implements IQueryHandler<MyCertificates> {
  constructor(private readonly em: EntityManager) {}

  async execute({ userId: studentId }: MyCertificates): Promise<CertificatesResponse> {
    const rows = await orNone(certificateView(this.em).where({ studentId }).orderBy({ issuedAt: 'desc' }).execute<CertificateViewRow[]>('all'), []);
    return { certificates: rows.map((r) => toCertificate(r, false)) };
  }
}
