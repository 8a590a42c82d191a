import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Caller, type CommandContext, Dispatch, Roles } from '@academy/backend';
import type { AuditCheckpointsResponse } from '@academy/contracts';
import { ListCheckpoints } from './list-checkpoints.query.js';

@ApiTags('audit')
@Controller('audit/checkpoints')
export class ListCheckpointsController {
  constructor(private readonly dispatch: Dispatch) {}

  /** { checkpoints } newest first. */
  @Get()
  @Roles('auditor', 'admin')
  list(@Caller() caller: CommandContext): Promise<AuditCheckpointsResponse> {
    return this.dispatch.query(new ListCheckpoints(caller));
  }
}
