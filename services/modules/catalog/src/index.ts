// Public surface of the catalog context: the Nest module and the projections the worker runs.
import type { Projection } from '@academy/event-store';
import { catalogProjection } from './projections/catalog/catalog.projection.js';

export { CatalogModule } from './catalog.module.js';
export const catalogProjections: Projection[] = [catalogProjection];
