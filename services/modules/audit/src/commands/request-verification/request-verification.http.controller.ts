import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles, ZodValidationPipe } from '@academy/backend';
import { type VerificationRequest, verificationRequestSchema, verificationAcceptedSchema } from '@academy/contracts';
import { RequestVerification } from './request-verification.command.js';

@Controller('audit/verifications')
export class RequestVerificationController extends DispatchingController {
  /** 202 { id }: poll GET /audit/verifications/:id; 400 fields.checkpoint when the checkpoint does not verify. */
  @Post()
  @Roles('auditor', 'admin')
  @HttpCode(202)
  @Answers(202, verificationAcceptedSchema)
  async request(@Body(new ZodValidationPipe(verificationRequestSchema)) body: VerificationRequest, @Caller() caller: CommandContext): Promise<{ id: string }> {
    return { id: (await this.dispatch.execute(new RequestVerification(caller, body))).id };
  }
}
