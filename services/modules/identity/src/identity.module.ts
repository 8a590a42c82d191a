import { Module } from '@nestjs/common';
import { SignUpController } from './commands/sign-up/sign-up.http.controller.js';
import { SignUpHandler } from './commands/sign-up/sign-up.handler.js';
import { VerifyEmailController } from './commands/verify-email/verify-email.http.controller.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { SignInController } from './commands/sign-in/sign-in.http.controller.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { SignInThrottle } from './commands/sign-in/sign-in.throttle.js';
import { RefreshSessionController } from './commands/refresh-session/refresh-session.http.controller.js';
import { SignOutController } from './commands/sign-out/sign-out.http.controller.js';
import { SetUpFirstAdminController } from './commands/set-up-first-admin/set-up-first-admin.http.controller.js';
import { SetUpFirstAdminHandler } from './commands/set-up-first-admin/set-up-first-admin.handler.js';
import { CompleteProfileController } from './commands/complete-profile/complete-profile.http.controller.js';
import { CompleteProfileHandler } from './commands/complete-profile/complete-profile.handler.js';
import { MeController } from './queries/me/me.http.controller.js';
import { AssignRoleController } from './commands/assign-role/assign-role.http.controller.js';
import { AssignRoleHandler } from './commands/assign-role/assign-role.handler.js';
import { DeleteUserController } from './commands/delete-user/delete-user.http.controller.js';
import { DeleteUserHandler } from './commands/delete-user/delete-user.handler.js';
import { CreateUserController } from './commands/create-user/create-user.http.controller.js';
import { CreateUserHandler } from './commands/create-user/create-user.handler.js';
import { CreateAccountFromApplicationHandler } from './commands/create-account-from-application/create-account-from-application.handler.js';
import { UpdateStudentController } from './commands/update-student/update-student.http.controller.js';
import { UpdateStudentHandler } from './commands/update-student/update-student.handler.js';
import { ChangePasswordController } from './commands/change-password/change-password.http.controller.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { SignOutOtherSessionsController } from './commands/sign-out-other-sessions/sign-out-other-sessions.http.controller.js';
import { SetNotificationPreferencesController } from './commands/set-notification-preferences/set-notification-preferences.http.controller.js';
import { SetNotificationPreferencesHandler } from './commands/set-notification-preferences/set-notification-preferences.handler.js';
import { ListUsersController } from './queries/list-users/list-users.http.controller.js';
import { ListStudentsController } from './queries/list-students/list-students.http.controller.js';
import { ListSessionsController } from './queries/list-sessions/list-sessions.http.controller.js';
import { NotificationPreferencesController } from './queries/notification-preferences/notification-preferences.http.controller.js';
import { ReissueTemporaryPasswordController } from './commands/reissue-temporary-password/reissue-temporary-password.http.controller.js';
import { ReissueTemporaryPasswordHandler } from './commands/reissue-temporary-password/reissue-temporary-password.handler.js';
import { CLOCK, systemClock } from '@academy/backend';
import { UsersAfterWrite } from './projections/users/users-after.js';
import { UsersReader } from './projections/users/users.reader.js';
import { SessionStore } from './sessions/session-store.js';
import { SessionIssuer } from './sessions/session-issuer.js';

/**
 * The identity context's HTTP side. Needs, from the composition root: EventSourcingModule (global),
 * AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus) (global), global APP_CONFIG + REDIS_CLIENT + RateLimiter,
 * and CqrsModule.forRoot() (admissions' CreateAccountFromApplication arrives on the CommandBus).
 */
@Module({
  controllers: [
    SignUpController,
    VerifyEmailController,
    SignInController,
    RefreshSessionController,
    SignOutController,
    MeController,
    SetUpFirstAdminController,
    CompleteProfileController,
    ListUsersController,
    CreateUserController,
    AssignRoleController,
    DeleteUserController,
    ListStudentsController,
    UpdateStudentController,
    ChangePasswordController,
    ListSessionsController,
    SignOutOtherSessionsController,
    NotificationPreferencesController,
    SetNotificationPreferencesController,
    ReissueTemporaryPasswordController,
  ],
  providers: [
    UsersReader,
    UsersAfterWrite,
    SessionStore,
    SessionIssuer,
    SignUpHandler,
    VerifyEmailHandler,
    SignInHandler,
    SignInThrottle,
    SetUpFirstAdminHandler,
    CompleteProfileHandler,
    CreateUserHandler,
    CreateAccountFromApplicationHandler,
    AssignRoleHandler,
    DeleteUserHandler,
    UpdateStudentHandler,
    ChangePasswordHandler,
    SetNotificationPreferencesHandler,
    ReissueTemporaryPasswordHandler,
    // Sign-in judges temporary passwords at this time; tests override it.
    { provide: CLOCK, useValue: systemClock },
  ],
})
export class IdentityModule {}
