import { Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { Dispatch, Public, Answers, DocumentedBody, Refuses, RequestExample } from '@academy/backend';
import { type Session, sessionSchema, signInRequestSchema } from '@academy/contracts';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { SignIn } from './sign-in.command.js';
import { SignInGuard, type SignedInRequest } from './sign-in.guard.js';

/** What /api/docs shows as a sign-in's answer. */
const SESSION_EXAMPLE = {
  access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI…',
  expires_at: 1790000000,
  user: { id: '0b6f3c52-5d8e-4c1a-9d3e-2f1a7b9c4e10', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'student', firstLoginCompleted: true },
} satisfies Session;

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
  @DocumentedBody(signInRequestSchema)
  @RequestExample({ email: 'ada@example.com', password: 'correct horse battery staple' })
  @Answers(200, sessionSchema, { description: 'Signed in: the access token; the refresh token is set as the academy_refresh cookie.', example: SESSION_EXAMPLE })
  @Refuses(400, 401, 429)
  async signIn(@Req() req: SignedInRequest, @Res({ passthrough: true }) res: Response): Promise<Session> {
    const { user, refresh } = await this.dispatch.execute(new SignIn(req.signedIn, req.header('user-agent') ?? null));
    return this.issuer.issue(res, user, refresh.familyId, refresh.refreshToken);
  }
}
