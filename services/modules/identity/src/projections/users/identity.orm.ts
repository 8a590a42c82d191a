// The identity read model on MikroORM (ADR 0018): its entity, and the migrations the Migrator runs
// into every new version schema of the users projection.
import type { ProjectionOrm } from '@academy/event-store';
import { identityMigrations } from '../../migrations/index.js';
import { User } from './user.entity.js';

/** Every read entity of the context: the API's ORM registers them for the reads (the schema's views). */
export const identityEntities = [User];

export const identityOrm: ProjectionOrm = { entities: identityEntities, migrations: identityMigrations };
