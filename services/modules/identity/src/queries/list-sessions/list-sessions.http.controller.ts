import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Dispatch, type Principal } from '@academy/backend';
import { ListSessions } from './list-sessions.query.js';

@ApiTags('identity')
@Controller('account')
export class ListSessionsController {
  constructor(private readonly dispatch: Dispatch) {}

  /** Every signed-in role: the live sessions (one per sign-in), most recently used first, this one marked. */
  @Get('sessions')
  list(@CurrentUser() principal: Principal) {
    return this.dispatch.query(new ListSessions(principal));
  }
}
