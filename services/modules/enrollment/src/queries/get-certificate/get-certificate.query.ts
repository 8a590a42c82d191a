import { Query } from '@nestjs/cqrs';
import type { Principal } from '@academy/backend';
import type { Certificate } from '@academy/contracts';

/** One certificate: an admin's any (with the reason), a student's only their own (not found otherwise). */
export class GetCertificate extends Query<{ certificate: Certificate }> {
  constructor(
    readonly principal: Principal,
    readonly enrollmentId: string,
  ) {
    super();
  }
}
