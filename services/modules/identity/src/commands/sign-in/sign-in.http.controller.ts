import { Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Dispatch, Public } from '@academy/backend';
import type { Session } from '@academy/contracts';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { SignIn } from './sign-in.command.js';
import { SignInGuard, type SignedInRequest } from './sign-in.guard.js';

@ApiTags('identity')
@Controller('auth')
export class SignInController {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly issuer: SessionIssuer,
  ) {}

  /** The SignInGuard (passport's local strategy) has parsed the body and authenticated the user. */
  @Post('sign-in')
  @Public()
  @UseGuards(SignInGuard)
  @HttpCode(200)
  async signIn(@Req() req: SignedInRequest, @Res({ passthrough: true }) res: Response): Promise<Session> {
    const { user, refresh } = await this.dispatch.execute(new SignIn(req.signedIn, req.header('user-agent') ?? null));
    return this.issuer.issue(res, user, refresh.familyId, refresh.refreshToken);
  }
}
