// Public surface of the identity context: the Nest module, the session and profile checks the API's
// global guards use, and what the worker runs (projections, mail templates).
import type { EventStore, Projection, ReactorDefinition } from '@academy/event-store';
import { type AccountDeps } from './reactions/account-from-application.js';
import { accountsFromApplicationsReactor } from './reactions/create-account-from-application.reactor.js';
import { usersProjection } from './projections/users/users.projection.js';

export { IdentityModule } from './identity.module.js';
export { IdentitySessionValidator } from './sessions/session-validator.js';
export { IdentityProfileStatus } from './sessions/profile-status.js';
/** Its tables that are not projections (sessions), for the platform's migrateUp (ADR 0018 §2). */
export { identitySessionMigrations } from './sessions/migrations/index.js';

export const identityProjections: Projection[] = [usersProjection];
export { identityMailTemplates } from './mails/identity.mail-templates.js';
/** The worker's process managers of this context: admissions' conversion requests become accounts. */
export const identityReactors = (store: EventStore, deps: AccountDeps): ReactorDefinition[] => [accountsFromApplicationsReactor(store, deps)];
export type { AccountDeps as IdentityReactorDeps } from './reactions/account-from-application.js';
export { identityEntities, identityOrm } from './projections/users/identity.orm.js';
