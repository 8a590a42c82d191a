import { Controller, Get, Param } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { type ReplayLatest, replayLatestSchema, type ReplayStatus, replayStatusSchema } from '@academy/contracts';
import { ReplayStatusQuery } from './replay-status.query.js';

@Controller('audit/replays')
export class ReplayStatusController extends DispatchingController {
  /** { replay }: the last replay asked for, as GET /audit/replays/:id answers it (null when none). */
  @Get()
  @Roles('auditor', 'admin')
  @Answers(200, replayLatestSchema)
  async latest(@Caller() caller: CommandContext): Promise<ReplayLatest> {
    return { replay: await this.dispatch.query(new ReplayStatusQuery(caller, null)) };
  }

  /** { id, state: queued | running | done, progress, result, personal, rows, rowsKept }; 404 'Replay not found'. */
  @Get(':id')
  @Roles('auditor', 'admin')
  @Answers(200, replayStatusSchema)
  async get(@Param('id') id: string, @Caller() caller: CommandContext): Promise<ReplayStatus> {
    return (await this.dispatch.query(new ReplayStatusQuery(caller, id)))!;
  }
}
