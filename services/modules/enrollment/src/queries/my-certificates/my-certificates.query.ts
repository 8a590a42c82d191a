import { UserQuery } from '@academy/backend';
import type { CertificatesResponse } from '@academy/contracts';

/** Student My Course: the caller's certificates (valid and revoked), newest first. */
export class MyCertificates extends UserQuery<CertificatesResponse> {}
