import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { CLOCK, PG_POOL, systemClock, ApiTag } from '@academy/backend';
import { AssignRoleController } from './commands/assign-role/assign-role.http.controller.js';
import { AssignRoleHandler } from './commands/assign-role/assign-role.handler.js';
import { ChangePasswordController } from './commands/change-password/change-password.http.controller.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { CompleteProfileController } from './commands/complete-profile/complete-profile.http.controller.js';
import { CompleteProfileHandler } from './commands/complete-profile/complete-profile.handler.js';
import { CreateUserController } from './commands/create-user/create-user.http.controller.js';
import { CreateUserHandler } from './commands/create-user/create-user.handler.js';
import { DeleteUserController } from './commands/delete-user/delete-user.http.controller.js';
import { DeleteUserHandler } from './commands/delete-user/delete-user.handler.js';
import { RefreshSessionController } from './commands/refresh-session/refresh-session.http.controller.js';
import { ReissueTemporaryPasswordController } from './commands/reissue-temporary-password/reissue-temporary-password.http.controller.js';
import { ReissueTemporaryPasswordHandler } from './commands/reissue-temporary-password/reissue-temporary-password.handler.js';
import { SetNotificationPreferencesController } from './commands/set-notification-preferences/set-notification-preferences.http.controller.js';
import { SetNotificationPreferencesHandler } from './commands/set-notification-preferences/set-notification-preferences.handler.js';
import { SetUpFirstAdminController } from './commands/set-up-first-admin/set-up-first-admin.http.controller.js';
import { SetUpFirstAdminHandler } from './commands/set-up-first-admin/set-up-first-admin.handler.js';
import { SignInController } from './commands/sign-in/sign-in.http.controller.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { SignInThrottle } from './commands/sign-in/sign-in.throttle.js';
import { SignOutOtherSessionsController } from './commands/sign-out-other-sessions/sign-out-other-sessions.http.controller.js';
import { SignOutOtherSessionsHandler } from './commands/sign-out-other-sessions/sign-out-other-sessions.handler.js';
import { SignOutController } from './commands/sign-out/sign-out.http.controller.js';
import { SignUpController } from './commands/sign-up/sign-up.http.controller.js';
import { SignUpHandler } from './commands/sign-up/sign-up.handler.js';
import { SignInCredentials } from './commands/sign-in/sign-in.credentials.js';
import { LocalSignInStrategy } from './commands/sign-in/sign-in.local.strategy.js';
import { SignInGuard } from './commands/sign-in/sign-in.guard.js';
import { RefreshSessionHandler } from './commands/refresh-session/refresh-session.handler.js';
import { SignOutHandler } from './commands/sign-out/sign-out.handler.js';
import { AddressHasAccountHandler } from './queries/address-has-account/address-has-account.handler.js';
import { UpdateStudentController } from './commands/update-student/update-student.http.controller.js';
import { UpdateStudentHandler } from './commands/update-student/update-student.handler.js';
import { VerifyEmailController } from './commands/verify-email/verify-email.http.controller.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { identityEntities } from './projections/users/identity.orm.js';
import { ListSessionsController } from './queries/list-sessions/list-sessions.http.controller.js';
import { ListSessionsHandler } from './queries/list-sessions/list-sessions.handler.js';
import { ListStudentsController } from './queries/list-students/list-students.http.controller.js';
import { ListStudentsHandler } from './queries/list-students/list-students.handler.js';
import { ListUsersController } from './queries/list-users/list-users.http.controller.js';
import { ListUsersHandler } from './queries/list-users/list-users.handler.js';
import { MeController } from './queries/me/me.http.controller.js';
import { GetMeHandler } from './queries/me/me.handler.js';
import { NotificationPreferencesController } from './queries/notification-preferences/notification-preferences.http.controller.js';
import { GetNotificationPreferencesHandler } from './queries/notification-preferences/notification-preferences.handler.js';
import { SetupStatusController } from './queries/setup-status/setup-status.http.controller.js';
import { GetSetupStatusHandler } from './queries/setup-status/setup-status.handler.js';
import { SessionUserByIdHandler } from './queries/session-user/session-user.handler.js';
import { SessionIssuer } from './sessions/session-issuer.js';
import { LiveSessions } from './sessions/live-sessions.js';
import { identitySessionEntities } from './sessions/session.entities.js';
import { SessionStore } from './sessions/session-store.js';
import { AccountCredentials } from './commands/account-credentials.js';

/**
 * The identity context's HTTP side. Needs, from the composition root: EventSourcingModule (global),
 * AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus) (global), global APP_CONFIG + REDIS_CLIENT + RateLimiter,
 * BackboneModule.forRoot() (the CQRS buses: every controller dispatches on them, and admissions'
 * AddressHasAccount arrives on the QueryBus) and MikroOrmModule.forRoot({ autoLoadEntities: true }) (global).
 */
@ApiTag('identity', 'Accounts, sign-in and sessions, profiles, user and student administration, notification preferences.')
@Module({
  // Its read entities, for the root ORM's autoLoadEntities (the reads go through the schema's views),
  // and the session tables' (written and read by SessionStore).
  imports: [MikroOrmModule.forFeature([...identityEntities, ...identitySessionEntities])],
  controllers: [
    // Commands (one per slice under commands/).
    SignUpController,
    VerifyEmailController,
    SignInController,
    RefreshSessionController,
    SignOutController,
    SetUpFirstAdminController,
    CompleteProfileController,
    CreateUserController,
    AssignRoleController,
    DeleteUserController,
    UpdateStudentController,
    ChangePasswordController,
    SignOutOtherSessionsController,
    SetNotificationPreferencesController,
    ReissueTemporaryPasswordController,
    // Queries (one per slice under queries/).
    MeController,
    SetupStatusController,
    ListUsersController,
    ListStudentsController,
    ListSessionsController,
    NotificationPreferencesController,
  ],
  providers: [
    // One per pool: the session validator (AuthModule) takes the same one from LiveSessions.of.
    { provide: LiveSessions, inject: [PG_POOL], useFactory: (pool: Parameters<typeof LiveSessions.of>[0]) => LiveSessions.of(pool) },
    SessionStore,
    SessionIssuer,
    AccountCredentials,
    // Command handlers.
    SignUpHandler,
    VerifyEmailHandler,
    SignInHandler,
    SignInThrottle,
    SignInCredentials,
    LocalSignInStrategy,
    SignInGuard,
    RefreshSessionHandler,
    SignOutHandler,
    SetUpFirstAdminHandler,
    CompleteProfileHandler,
    CreateUserHandler,
    AddressHasAccountHandler,
    AssignRoleHandler,
    DeleteUserHandler,
    UpdateStudentHandler,
    ChangePasswordHandler,
    SignOutOtherSessionsHandler,
    SetNotificationPreferencesHandler,
    ReissueTemporaryPasswordHandler,
    // Query handlers.
    GetMeHandler,
    GetSetupStatusHandler,
    ListUsersHandler,
    ListStudentsHandler,
    ListSessionsHandler,
    GetNotificationPreferencesHandler,
    SessionUserByIdHandler,
    // Sign-in judges temporary passwords at this time; tests override it.
    { provide: CLOCK, useValue: systemClock },
  ],
})
export class IdentityModule {}
