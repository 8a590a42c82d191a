import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, CommandAnswers, DispatchingController, principalOf, RequestExample, Roles, ZodValidationPipe } from '@academy/backend';
import { CERTIFICATE_MESSAGES, type RevokeCertificateRequest, revokeCertificateRequestSchema, type RevokeCertificateResponse, revokeCertificateResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { GetCertificate } from '../../queries/get-certificate/get-certificate.query.js';
import { RevokeCertificate } from './revoke-certificate.command.js';

@Controller('certificates')
export class RevokeCertificateController extends DispatchingController {
  /** 200 { message: 'Certificate revoked', certificate }; 400 fields.reason; 404; 409 already revoked. */
  @Post(':enrollmentId/revoke')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, revokeCertificateResponseSchema)
  @RequestExample({ reason: 'The capstone was not the student’s own work.' })
  revoke(
    @Param('enrollmentId') enrollmentId: string,
    @Body(new ZodValidationPipe(revokeCertificateRequestSchema)) body: RevokeCertificateRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new RevokeCertificate(caller, enrollmentId, body), [ENROLLMENT_PROJECTION], async (): Promise<RevokeCertificateResponse> => {
      const { certificate } = await this.dispatch.query(new GetCertificate(principalOf(caller), enrollmentId));
      return { message: CERTIFICATE_MESSAGES.revoked, certificate };
    });
  }
}
