import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CertificatesResponse } from '@academy/contracts';
import { ListCertificates } from './list-certificates.query.js';
import { readCertificates } from './list-certificates.read.js';

@QueryHandler(ListCertificates)
export class ListCertificatesHandler implements IQueryHandler<ListCertificates> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<CertificatesResponse> {
    return { certificates: await readCertificates(this.em) };
  }
}
