import { Controller, Get } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { type AuditCheckpointsResponse, auditCheckpointsResponseSchema } from '@academy/contracts';
import { ListCheckpoints } from './list-checkpoints.query.js';

@Controller('audit/checkpoints')
export class ListCheckpointsController extends DispatchingController {
  /** { checkpoints } newest first. */
  @Get()
  @Roles('auditor', 'admin')
  @Answers(200, auditCheckpointsResponseSchema)
  list(@Caller() caller: CommandContext): Promise<AuditCheckpointsResponse> {
    return this.dispatch.query(new ListCheckpoints(caller));
  }
}
