import { Controller, Get, UnauthorizedException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AllowIncompleteProfile, CurrentUser, NOT_SIGNED_IN, type Principal, ReadsProjections } from '@academy/backend';
import type { MeResponse } from '@academy/contracts';
import { toSessionUser, UsersReader } from '../../projections/users/users.reader.js';

@ApiTags('identity')
@Controller('auth')
export class MeController {
  constructor(private readonly users: UsersReader) {}

  @Get('me')
  // /complete-profile reads who is signed in.
  @AllowIncompleteProfile()
  @ReadsProjections('identity_users')
  async me(@CurrentUser() principal: Principal): Promise<MeResponse> {
    const user = await this.users.byId(principal.userId);
    if (!user) throw new UnauthorizedException(NOT_SIGNED_IN);
    return toSessionUser(user);
  }
}
