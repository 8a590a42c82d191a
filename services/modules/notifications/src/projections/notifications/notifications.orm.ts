// The notifications read model on MikroORM (ADR 0018): its entities, and the migrations the Migrator
// runs into every new version schema of the projection.
import type { ProjectionOrm } from '@academy/event-store';
import { notificationsMigrations } from '../../migrations/index.js';
import { Notice } from './notice.entity.js';
import { Recipient } from './recipient.entity.js';

/** Every read entity of the context: the API's and the worker's ORM register them for the reads (the schema's views). */
export const notificationsEntities = [Recipient, Notice];

export const notificationsOrm: ProjectionOrm = { entities: notificationsEntities, migrations: notificationsMigrations };
