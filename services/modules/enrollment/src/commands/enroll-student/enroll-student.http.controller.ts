import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommandResponder, commandMetadata, Roles, ZodValidationPipe } from '@academy/backend';
import { type EnrollmentResponse, ENROLLMENT_MESSAGES, type EnrollStudentRequest, enrollStudentRequestSchema } from '@academy/contracts';
import { ENROLLMENT_READ_MODEL } from '../../projections/enrollments/enrollments.reader.js';
import { EnrollStudentHandler } from './enroll-student.handler.js';

@ApiTags('enrollment')
@Controller('enrollments')
export class EnrollStudentController {
  constructor(
    private readonly handler: EnrollStudentHandler,
    private readonly responder: CommandResponder,
  ) {}

  /** Admin Enrollments, enroll: 201 { message, enrollment }; 400 fields; 409 alreadyEnrolled. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  async enroll(@Body(new ZodValidationPipe(enrollStudentRequestSchema)) body: EnrollStudentRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { enrollment, position } = await this.handler.execute(body, commandMetadata(req));
    return this.responder.answer<EnrollmentResponse>(res, ENROLLMENT_READ_MODEL, position, { message: ENROLLMENT_MESSAGES.studentEnrolled, enrollment });
  }
}
