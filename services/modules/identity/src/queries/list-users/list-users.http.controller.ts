import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles } from '@academy/backend';
import type { UsersListResponse } from '@academy/contracts';
import { UsersReader } from '../../projections/users/users.reader.js';

@ApiTags('identity')
@Controller('users')
export class ListUsersController {
  constructor(private readonly users: UsersReader) {}

  /** Admin Users page: every live account, newest first, with the counts per role. */
  @Get()
  @Roles('admin')
  @ReadsProjections('identity_users')
  list(): Promise<UsersListResponse> {
    return this.users.list();
  }
}
