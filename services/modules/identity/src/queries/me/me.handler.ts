import { UnauthorizedException } from '@nestjs/common';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { NOT_SIGNED_IN } from '@academy/backend';
import type { MeResponse } from '@academy/contracts';
import { SessionUserById } from '../session-user/session-user.query.js';
import { GetMe } from './me.query.js';

/** The signed-in user (SessionUserById); a token of an account gone since is not signed in. */
@QueryHandler(GetMe)
export class GetMeHandler implements IQueryHandler<GetMe> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ userId }: GetMe): Promise<MeResponse> {
    const user = await this.queries.execute(new SessionUserById(userId));
    if (!user) throw new UnauthorizedException(NOT_SIGNED_IN);
    return user;
  }
}
