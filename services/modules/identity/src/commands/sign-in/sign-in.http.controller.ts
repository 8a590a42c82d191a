import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientAddress, Public, ZodValidationPipe } from '@academy/backend';
import { type Session, type SignInRequest, signInRequestSchema } from '@academy/contracts';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { SignInHandler } from './sign-in.handler.js';
import { SignInThrottle } from './sign-in.throttle.js';

@ApiTags('identity')
@Controller('auth')
export class SignInController {
  constructor(
    private readonly handler: SignInHandler,
    private readonly throttle: SignInThrottle,
    private readonly issuer: SessionIssuer,
  ) {}

  @Post('sign-in')
  @Public()
  @HttpCode(200)
  async signIn(@Body(new ZodValidationPipe(signInRequestSchema)) body: SignInRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Session> {
    const { user, refresh } = await this.throttle.attempt(body.email, clientAddress(req), () => this.handler.execute(body, req.header('user-agent') ?? null));
    return this.issuer.issue(res, user, refresh.familyId, refresh.refreshToken);
  }
}
