import { Controller, Get } from '@nestjs/common';
import { DispatchingController, ReadsProjections, Roles, Answers } from '@academy/backend';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { ListUsers } from './list-users.query.js';
import { usersListResponseSchema } from '@academy/contracts';

@Controller('users')
export class ListUsersController extends DispatchingController {
  /** Admin Users page: every live account, newest first, with the counts per role. */
  @Get()
  @Roles('admin')
  @ReadsProjections(USERS_PROJECTION)
  @Answers(200, usersListResponseSchema)
  list() {
    return this.dispatch.query(new ListUsers());
  }
}
