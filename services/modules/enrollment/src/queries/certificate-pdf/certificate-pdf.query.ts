import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';

/** The certificate of an enrollment as a PDF: its holder's, or any for an admin (not found otherwise). */
export class CertificatePdf extends Query<{ pdf: Uint8Array; code: string }> {
  constructor(
    readonly principal: Principal,
    readonly enrollmentId: string,
  ) {
    super();
  }
}
