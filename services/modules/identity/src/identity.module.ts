import { Module } from '@nestjs/common';
import { SignUpController } from './commands/sign-up/sign-up.http.controller.js';
import { SignUpHandler } from './commands/sign-up/sign-up.handler.js';
import { VerifyEmailController } from './commands/verify-email/verify-email.http.controller.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { SignInController } from './commands/sign-in/sign-in.http.controller.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { RefreshSessionController } from './commands/refresh-session/refresh-session.http.controller.js';
import { SignOutController } from './commands/sign-out/sign-out.http.controller.js';
import { SetUpFirstAdminController } from './commands/set-up-first-admin/set-up-first-admin.http.controller.js';
import { SetUpFirstAdminHandler } from './commands/set-up-first-admin/set-up-first-admin.handler.js';
import { CompleteProfileController } from './commands/complete-profile/complete-profile.http.controller.js';
import { CompleteProfileHandler } from './commands/complete-profile/complete-profile.handler.js';
import { MeController } from './queries/me/me.http.controller.js';
import { UsersReader } from './projections/users/users.reader.js';
import { SessionStore } from './sessions/session-store.js';
import { SessionIssuer } from './sessions/session-issuer.js';

/**
 * The identity context's HTTP side. Needs, from the composition root: EventSourcingModule (global),
 * AuthModule.forRoot(IdentitySessionValidator) (global) and global APP_CONFIG + REDIS_CLIENT + RateLimiter.
 */
@Module({
  controllers: [SignUpController, VerifyEmailController, SignInController, RefreshSessionController, SignOutController, MeController, SetUpFirstAdminController, CompleteProfileController],
  providers: [UsersReader, SessionStore, SessionIssuer, SignUpHandler, VerifyEmailHandler, SignInHandler, SetUpFirstAdminHandler, CompleteProfileHandler],
})
export class IdentityModule {}
