import { Query } from '@nestjs/cqrs';
import type { CertificatesResponse } from '@academy/contracts';

/** Student My Course: the caller's certificates (valid and revoked), newest first. */
export class MyCertificates extends Query<CertificatesResponse> {
  constructor(readonly studentId: string) {
    super();
  }
}
