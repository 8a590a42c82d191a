import { Controller, Get, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Answers, clientAddress, Dispatch, Public, RateLimiter, ReadsProjections, Refuses } from '@academy/backend';
import { CERTIFICATE_MESSAGES, type CertificateVerificationResponse, certificateVerificationResponseSchema } from '@academy/contracts';
import { ENROLLMENT_LIMITS } from '../../enrollment.limits.js';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { VerifyCertificate } from './verify-certificate.query.js';

@Controller('public/certificates')
export class VerifyCertificateController {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly limiter: RateLimiter,
  ) {}

  /** The public /verify/<code> page (no sign-in): 200 { certificate }; 404 for any unknown code; 429 per address. */
  @Get(':code')
  @Public()
  @ReadsProjections(ENROLLMENT_PROJECTION)
  @Answers(200, certificateVerificationResponseSchema)
  @Refuses(429)
  async verify(@Param('code') code: string, @Req() req: Request): Promise<CertificateVerificationResponse> {
    // Every lookup counts, found or not: 128-bit codes cannot be guessed, and this keeps scripts from trying.
    await this.limiter.consume([{ rule: ENROLLMENT_LIMITS.certificateLookupsIp, subject: clientAddress(req) }], { message: CERTIFICATE_MESSAGES.rateLimited });
    return this.dispatch.query(new VerifyCertificate(code));
  }
}
