import { UnauthorizedException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NOT_SIGNED_IN } from '@academy/backend';
import type { MeResponse } from '@academy/contracts';
import { toSessionUser, UsersReader } from '../../projections/users/users.reader.js';
import { GetMe } from './me.query.js';

@QueryHandler(GetMe)
export class GetMeHandler implements IQueryHandler<GetMe> {
  constructor(private readonly users: UsersReader) {}

  async execute({ userId }: GetMe): Promise<MeResponse> {
    const user = await this.users.byId(userId);
    if (!user) throw new UnauthorizedException(NOT_SIGNED_IN);
    return toSessionUser(user);
  }
}
