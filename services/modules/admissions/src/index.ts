// Public surface of the admissions context: the Nest module and what the worker runs (projections;
// the mail and in-app templates land with the notifications platform).
import type { Projection } from '@academy/event-store';
import { prospectsProjection } from './projections/prospects/prospects.projection.js';

export { AdmissionsModule } from './admissions.module.js';
export const admissionsProjections: Projection[] = [prospectsProjection];
