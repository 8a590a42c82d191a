import { Controller, Get } from '@nestjs/common';
import { DispatchingController, Public, ReadsProjections, Answers } from '@academy/backend';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { GetSetupStatus } from './setup-status.query.js';
import { setupStatusSchema } from '@academy/contracts';

@Controller('setup')
export class SetupStatusController extends DispatchingController {
  /** Public: whether /setup is still open. */
  @Get()
  @Public()
  @ReadsProjections(USERS_PROJECTION)
  @Answers(200, setupStatusSchema)
  status() {
    return this.dispatch.query(new GetSetupStatus());
  }
}
