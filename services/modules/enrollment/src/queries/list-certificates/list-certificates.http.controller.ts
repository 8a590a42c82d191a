import { Controller, Get } from '@nestjs/common';
import { Answers, DispatchingController, ReadsProjections, Roles } from '@academy/backend';
import { type CertificatesResponse, certificatesResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { ListCertificates } from './list-certificates.query.js';

@Controller('certificates')
export class ListCertificatesController extends DispatchingController {
  /** Admin Enrollments: every certificate (the revoke action), with the revocation reasons. */
  @Get()
  @Roles('admin')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  @Answers(200, certificatesResponseSchema)
  list(): Promise<CertificatesResponse> {
    return this.dispatch.query(new ListCertificates());
  }
}
