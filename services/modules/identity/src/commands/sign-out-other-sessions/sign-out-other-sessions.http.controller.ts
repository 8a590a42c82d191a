import { Controller, HttpCode, Post } from '@nestjs/common';
import { Caller, type CommandContext, DispatchingController, Answers } from '@academy/backend';
import { USER_ADMIN_MESSAGES, signOutOthersResponseSchema } from '@academy/contracts';
import { SignOutOtherSessions } from './sign-out-other-sessions.command.js';

@Controller('account/sessions')
export class SignOutOtherSessionsController extends DispatchingController {
  /** Settings → "sign out of all other sessions": 200 { message, ended }. */
  @Post('sign-out-others')
  @HttpCode(200)
  @Answers(200, signOutOthersResponseSchema)
  async signOutOthers(@Caller() caller: CommandContext): Promise<{ message: string; ended: number }> {
    const { ended } = await this.dispatch.execute(new SignOutOtherSessions(caller));
    return { message: USER_ADMIN_MESSAGES.otherSessionsEnded, ended };
  }
}
