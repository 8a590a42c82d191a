import { PrincipalObjectQuery } from '@academy/backend';
import type { Certificate } from '@academy/contracts';

/** One certificate: an admin's any (with the reason), a student's only their own (not found otherwise). */
export class GetCertificate extends PrincipalObjectQuery<{ certificate: Certificate }> {}
