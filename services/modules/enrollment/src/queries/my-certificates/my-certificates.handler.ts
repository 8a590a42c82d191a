import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CertificatesResponse } from '@academy/contracts';
import { MyCertificates } from './my-certificates.query.js';
import { readStudentCertificates } from './my-certificates.read.js';

@QueryHandler(MyCertificates)
export class MyCertificatesHandler implements IQueryHandler<MyCertificates> {
  constructor(private readonly em: EntityManager) {}

  async execute({ studentId }: MyCertificates): Promise<CertificatesResponse> {
    return { certificates: await readStudentCertificates(this.em, studentId) };
  }
}
