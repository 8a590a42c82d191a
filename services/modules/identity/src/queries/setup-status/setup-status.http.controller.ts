import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Dispatch, Public, ReadsProjections } from '@academy/backend';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { GetSetupStatus } from './setup-status.query.js';

@ApiTags('identity')
@Controller('setup')
export class SetupStatusController {
  constructor(private readonly dispatch: Dispatch) {}

  /** Public: whether /setup is still open. */
  @Get()
  @Public()
  @ReadsProjections(USERS_PROJECTION)
  status() {
    return this.dispatch.query(new GetSetupStatus());
  }
}
