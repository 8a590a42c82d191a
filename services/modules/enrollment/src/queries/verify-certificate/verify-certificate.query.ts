import { Query } from '@nestjs/cqrs';
import type { CertificateVerificationResponse } from '@academy/contracts';

/** /verify/<code>: what anyone holding the code may know of the certificate (not found otherwise). */
export class VerifyCertificate extends Query<CertificateVerificationResponse> {
  constructor(readonly code: string) {
    super();
  }
}
