// The catalog read model on MikroORM (ADR 0018): its entities, and the migrations the Migrator runs
// into every new version schema of the projection.
import type { ProjectionOrm } from '@academy/event-store';
import { catalogMigrations } from '../../migrations/index.js';
import { CatalogAssignment } from './assignment.entity.js';
import { CatalogEnrollment } from './enrollment.entity.js';
import { CatalogPerson } from './person.entity.js';
import { CatalogProgram } from './program.entity.js';
import { CatalogSubject } from './subject.entity.js';

/** Every read entity of the context: the API's ORM registers them for the reads (the schema's views). */
export const catalogEntities = [CatalogProgram, CatalogSubject, CatalogPerson, CatalogAssignment, CatalogEnrollment];

export const catalogOrm: ProjectionOrm = { entities: catalogEntities, migrations: catalogMigrations };
