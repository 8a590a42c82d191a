// Public surface of the admissions context: the Nest module and what the worker runs (projections,
// mail templates, in-app templates).
import type { EventStore, Projection, ReactorDefinition } from '@academy/event-store';
import { prospectsProjection } from './projections/prospects/prospects.projection.js';
import { admissionsReactors as erasureReactors } from './reactions/erase-applicants.reactor.js';
import { conversionReactor } from './commands/convert-prospect/convert-prospect.reactor.js';

export { AdmissionsModule } from './admissions.module.js';
export const admissionsProjections: Projection[] = [prospectsProjection];
export { admissionsMailTemplates } from './notifications/admissions.mail-templates.js';
export { admissionsInAppTemplates, admissionsSubjectErasures } from './notifications/admissions.in-app-templates.js';
/** The worker's process managers of this context: erasure after an account's deletion, and the end of a conversion. */
export const admissionsReactors = (store: EventStore): ReactorDefinition[] => [...erasureReactors(store), conversionReactor(store)];
export { admissionsEntities, admissionsOrm } from './projections/prospects/admissions.orm.js';
/** Time travel (issue 16): the audit context folds the pipeline's past with this context's evolve (composed by the apps). */
export { pipelineAsOf } from './domain/as-of.js';
