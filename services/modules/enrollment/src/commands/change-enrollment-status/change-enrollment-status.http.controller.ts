import { Body, Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, principalOf, Roles, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { type ChangeEnrollmentStatusRequest, changeEnrollmentStatusRequestSchema, type EnrollmentResponse, ENROLLMENT_MESSAGES, enrollmentResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { GetEnrollment } from '../../queries/get-enrollment/get-enrollment.query.js';
import { ChangeEnrollmentStatus } from './change-enrollment-status.command.js';

@Controller('enrollments')
export class ChangeEnrollmentStatusController extends DispatchingController {
  /** 200 { message: 'Enrollment status updated', enrollment }; 404; 409 changedMeanwhile / alreadyEnrolled. */
  @Put(':id/status')
  @Roles('admin')
  @HttpCode(200)
  @CommandAnswers(200, enrollmentResponseSchema)
  change(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(changeEnrollmentStatusRequestSchema)) body: ChangeEnrollmentStatusRequest,
    @Caller() caller: CommandContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.dispatch.command(res, new ChangeEnrollmentStatus(caller, id, body), [ENROLLMENT_PROJECTION], async ({ enrollmentId }): Promise<EnrollmentResponse> => {
      // A deleted student's enrollment is gone from the read model: it is not found for the screens either.
      const { enrollment } = await this.dispatch.query(new GetEnrollment(principalOf(caller), enrollmentId));
      return { message: ENROLLMENT_MESSAGES.statusUpdated, enrollment };
    });
  }
}
