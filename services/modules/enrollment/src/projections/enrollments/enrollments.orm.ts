// The enrollment read model on MikroORM (ADR 0018): its entities, and the migrations the Migrator
// runs into every new version schema of the projection.
import type { ProjectionOrm } from '@academy/event-store';
import { enrollmentMigrations } from '../../migrations/index.js';
import { CertificateRecord } from './certificate.entity.js';
import { EnrollmentRecord } from './enrollment.entity.js';
import { Person } from './person.entity.js';
import { Program } from './program.entity.js';
import { Subject } from './subject.entity.js';

/** Every read entity of the context: the API's ORM registers them for the reads (the schema's views). */
export const enrollmentEntities = [Person, Program, Subject, EnrollmentRecord, CertificateRecord];

export const enrollmentOrm: ProjectionOrm = { entities: enrollmentEntities, migrations: enrollmentMigrations };
