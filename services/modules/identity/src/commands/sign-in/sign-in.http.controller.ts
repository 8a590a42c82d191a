import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public, RateLimiter, ZodValidationPipe } from '@academy/backend';
import { type Session, type SignInRequest, signInRequestSchema } from '@academy/contracts';
import { EmailLookup } from '@academy/event-store';
import { LIMITS } from '../../identity.limits.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { SignInHandler } from './sign-in.handler.js';

@ApiTags('identity')
@Controller('auth')
export class SignInController {
  constructor(
    private readonly handler: SignInHandler,
    private readonly limiter: RateLimiter,
    private readonly issuer: SessionIssuer,
    private readonly lookup: EmailLookup,
  ) {}

  @Post('sign-in')
  @Public()
  @HttpCode(200)
  async signIn(@Body(new ZodValidationPipe(signInRequestSchema)) body: SignInRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Session> {
    await this.limiter.consume([
      { rule: LIMITS.signInIp, subject: req.ip ?? 'unknown' },
      { rule: LIMITS.signInEmail, subject: this.lookup.of(body.email) },
    ]);
    const { user, refresh } = await this.handler.execute(body, req.header('user-agent') ?? null);
    return this.issuer.issue(res, user, refresh.familyId, refresh.refreshToken);
  }
}
