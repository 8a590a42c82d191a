import { Controller, Get } from '@nestjs/common';
import { AllowIncompleteProfile, CurrentUser, DispatchingController, type Principal, ReadsProjections, Answers } from '@academy/backend';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { GetMe } from './me.query.js';
import { meResponseSchema } from '@academy/contracts';

@Controller('auth')
export class MeController extends DispatchingController {
  @Get('me')
  // /complete-profile reads who is signed in.
  @AllowIncompleteProfile()
  @ReadsProjections(USERS_PROJECTION)
  @Answers(200, meResponseSchema)
  me(@CurrentUser() principal: Principal) {
    return this.dispatch.query(new GetMe(principal.userId));
  }
}
