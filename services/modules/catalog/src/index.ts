// Public surface of the catalog context: the Nest module, the projections the worker runs, and the
// read model's MikroORM entities and migrations (ADR 0018).
import type { Projection } from '@academy/event-store';
import { catalogProjection } from './projections/catalog/catalog.projection.js';

export { CatalogModule } from './catalog.module.js';
export { catalogEntities, catalogOrm } from './projections/catalog/catalog.orm.js';
export const catalogProjections: Projection[] = [catalogProjection];
