import { Body, Controller, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { type ChangeEnrollmentStatusRequest, changeEnrollmentStatusRequestSchema, type EnrollmentResponse, ENROLLMENT_MESSAGES } from '@academy/contracts';
import { ENROLLMENT_READ_MODEL } from '../../projections/enrollments/enrollments.reader.js';
import { ChangeEnrollmentStatusHandler } from './change-enrollment-status.handler.js';

@ApiTags('enrollment')
@Controller('enrollments')
export class ChangeEnrollmentStatusController {
  constructor(
    private readonly handler: ChangeEnrollmentStatusHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** 200 { message: 'Enrollment status updated', enrollment }; 404; 409 changedMeanwhile / alreadyEnrolled. */
  @Put(':id/status')
  @Roles('admin')
  @HttpCode(200)
  async change(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(changeEnrollmentStatusRequestSchema)) body: ChangeEnrollmentStatusRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { enrollment, position } = await this.handler.execute(id, body, commandMetadata(req));
    return this.responder.answer<EnrollmentResponse>(res, ENROLLMENT_READ_MODEL, position, { message: ENROLLMENT_MESSAGES.statusUpdated, enrollment });
  }
}
