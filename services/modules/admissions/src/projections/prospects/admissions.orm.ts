// The admissions read model on MikroORM (ADR 0018): its entities, and the migrations the Migrator
// runs into every new version schema of the projection.
import type { ProjectionOrm } from '@academy/event-store';
import { admissionsMigrations } from '../../migrations/index.js';
import { Person } from './person.entity.js';
import { Prospect } from './prospect.entity.js';

/** Every read entity of the context: the API's ORM registers them for the reads (the schema's views). */
export const admissionsEntities = [Prospect, Person];

export const admissionsOrm: ProjectionOrm = { entities: admissionsEntities, migrations: admissionsMigrations };
