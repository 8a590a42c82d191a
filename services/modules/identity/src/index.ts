// Public surface of the identity context: the Nest module, the session and profile checks the API's
// global guards use, and what the worker runs (projections, mail templates).
import type { Projection } from '@academy/event-store';
import { usersProjection } from './projections/users/users.projection.js';

export { IdentityModule } from './identity.module.js';
export { IdentitySessionValidator } from './sessions/session-validator.js';
export { IdentityProfileStatus } from './queries/profile-status/profile-status.js';

export const identityProjections: Projection[] = [usersProjection];
export { identityMailTemplates } from './mails/identity.mail-templates.js';
