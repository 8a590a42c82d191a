import { Controller, HttpCode, Post } from '@nestjs/common';
import { Answers, Caller, type CommandContext, DispatchingController, Roles } from '@academy/backend';
import { replayAcceptedSchema } from '@academy/contracts';
import { RequestReplay } from './request-replay.command.js';

@Controller('audit/replays')
export class RequestReplayController extends DispatchingController {
  /** 202 { id }: poll GET /audit/replays/:id. No body. */
  @Post()
  @Roles('auditor', 'admin')
  @HttpCode(202)
  @Answers(202, replayAcceptedSchema)
  async request(@Caller() caller: CommandContext): Promise<{ id: string }> {
    return { id: (await this.dispatch.execute(new RequestReplay(caller))).id };
  }
}
