import { Controller, Get } from '@nestjs/common';
import { CurrentUser, DispatchingController, type Principal, Answers } from '@academy/backend';
import { ListSessions } from './list-sessions.query.js';
import { accountSessionsResponseSchema } from '@academy/contracts';

@Controller('account')
export class ListSessionsController extends DispatchingController {
  /** Every signed-in role: the live sessions (one per sign-in), most recently used first, this one marked. */
  @Get('sessions')
  @Answers(200, accountSessionsResponseSchema)
  list(@CurrentUser() principal: Principal) {
    return this.dispatch.query(new ListSessions(principal));
  }
}
