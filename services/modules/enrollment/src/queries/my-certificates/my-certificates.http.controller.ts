import { Controller, Get } from '@nestjs/common';
import { Answers, CurrentUser, DispatchingController, type Principal, ReadsProjections, Roles } from '@academy/backend';
import { type CertificatesResponse, certificatesResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { MyCertificates } from './my-certificates.query.js';

@Controller('student/certificates')
export class MyCertificatesController extends DispatchingController {
  /** Student My Course: the caller's own certificates (never anyone else's: the id is the session's). */
  @Get()
  @Roles('student')
  @ReadsProjections(ENROLLMENT_PROJECTION)
  @Answers(200, certificatesResponseSchema)
  list(@CurrentUser() principal: Principal): Promise<CertificatesResponse> {
    return this.dispatch.query(new MyCertificates(principal.userId));
  }
}
