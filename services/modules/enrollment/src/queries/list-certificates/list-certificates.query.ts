import { Query } from '@nestjs/cqrs';
import type { CertificatesResponse } from '@academy/contracts';

/** Admin Enrollments: every certificate, newest first, with revocation reasons. */
export class ListCertificates extends Query<CertificatesResponse> {}
