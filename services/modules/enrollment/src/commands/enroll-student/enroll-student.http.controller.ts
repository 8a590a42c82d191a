import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, type CommandContext, DispatchingController, principalOf, Roles, ZodValidationPipe, CommandAnswers } from '@academy/backend';
import { type EnrollmentResponse, ENROLLMENT_MESSAGES, type EnrollStudentRequest, enrollStudentRequestSchema, enrollmentResponseSchema } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from '../../projections/enrollments/enrollments.projection.js';
import { GetEnrollment } from '../../queries/get-enrollment/get-enrollment.query.js';
import { EnrollStudent } from './enroll-student.command.js';

@Controller('enrollments')
export class EnrollStudentController extends DispatchingController {
  /** Admin Enrollments, enroll: 201 { message, enrollment }; 400 fields; 409 alreadyEnrolled. */
  @Post()
  @Roles('admin')
  @HttpCode(201)
  @CommandAnswers(201, enrollmentResponseSchema)
  enroll(@Body(new ZodValidationPipe(enrollStudentRequestSchema)) body: EnrollStudentRequest, @Caller() caller: CommandContext, @Res({ passthrough: true }) res: Response) {
    return this.dispatch.command(res, new EnrollStudent(caller, body), [ENROLLMENT_PROJECTION], async ({ enrollmentId }): Promise<EnrollmentResponse> => {
      const { enrollment } = await this.dispatch.query(new GetEnrollment(principalOf(caller), enrollmentId));
      return { message: ENROLLMENT_MESSAGES.studentEnrolled, enrollment };
    });
  }
}
