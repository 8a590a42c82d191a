import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Dispatch, Public, ReadsProjections, Answers } from '@academy/backend';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { GetSetupStatus } from './setup-status.query.js';
import { setupStatusSchema } from '@academy/contracts';

@ApiTags('identity')
@Controller('setup')
export class SetupStatusController {
  constructor(private readonly dispatch: Dispatch) {}

  /** Public: whether /setup is still open. */
  @Get()
  @Public()
  @ReadsProjections(USERS_PROJECTION)
  @Answers(200, setupStatusSchema)
  status() {
    return this.dispatch.query(new GetSetupStatus());
  }
}
