import { Controller, HttpCode, Post } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Refuses, Roles } from '@academy/backend';
import { AUDIT_VERIFY_MESSAGES, type AuditCheckpointResponse, auditCheckpointResponseSchema } from '@academy/contracts';
import { SignCheckpoint } from './sign-checkpoint.command.js';

@Controller('audit/checkpoints')
export class SignCheckpointController extends DispatchingController {
  /** 201 { message: 'Checkpoint signed', checkpoint }; 409 until a verification passed; 503 without a signing key in production. */
  @Post()
  @Roles('auditor', 'admin')
  @HttpCode(201)
  @Answers(201, auditCheckpointResponseSchema)
  @Refuses(409, 503)
  async sign(@Caller() caller: CommandContext): Promise<AuditCheckpointResponse> {
    const { checkpoint } = await this.dispatch.execute(new SignCheckpoint(caller));
    return { message: AUDIT_VERIFY_MESSAGES.checkpointSigned, checkpoint };
  }
}
