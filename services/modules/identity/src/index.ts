// Public surface of the identity context: the Nest module, the session check the API's AuthGuard
// uses, and what the worker runs (projections, notification routes).
import type { DispatchRoutes, Projection } from '@academy/event-store';
import { usersProjection } from './projections/users/users.projection.js';
import { identityNotificationRoutes } from './reactions/verification-mail.route.js';

export { IdentityModule } from './identity.module.js';
export { IdentitySessionValidator } from './sessions/session-validator.js';

export const identityProjections: Projection[] = [usersProjection];
export const identityNotifications: DispatchRoutes = identityNotificationRoutes;
