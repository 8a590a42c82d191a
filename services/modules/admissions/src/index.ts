// Public surface of the admissions context: the Nest module and what the worker runs (projections,
// mail templates, in-app templates).
import type { Projection } from '@academy/event-store';
import { prospectsProjection } from './projections/prospects/prospects.projection.js';

export { AdmissionsModule } from './admissions.module.js';
export const admissionsProjections: Projection[] = [prospectsProjection];
export { admissionsMailTemplates } from './notifications/admissions.mail-templates.js';
export { admissionsInAppTemplates, admissionsSubjectErasures } from './notifications/admissions.in-app-templates.js';
export { admissionsReactors } from './reactions/erase-applicants.reactor.js';
