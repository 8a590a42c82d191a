import { Controller, Get, Param } from '@nestjs/common';
import { Answers, DispatchingController, Roles } from '@academy/backend';
import { type VerificationStatus, verificationStatusSchema } from '@academy/contracts';
import { VerificationStatusQuery } from './verification-status.query.js';

@Controller('audit/verifications')
export class VerificationStatusController extends DispatchingController {
  /** { id, state: queued | running | done, progress, checkpointPosition, result }; 404 'Verification not found'. */
  @Get(':id')
  @Roles('auditor', 'admin')
  @Answers(200, verificationStatusSchema)
  get(@Param('id') id: string): Promise<VerificationStatus> {
    return this.dispatch.query(new VerificationStatusQuery(id));
  }
}
