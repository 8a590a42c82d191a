// Public surface of the enrollment context: the Nest module, the projections and the reactors the worker runs.
import type { Projection } from '@academy/event-store';
import { enrollmentProjection } from './projections/enrollments/enrollments.projection.js';

export { EnrollmentModule } from './enrollment.module.js';
export { enrollmentReactors } from './reactions/advance-week-on-capstone-passed.reactor.js';
export const enrollmentProjections: Projection[] = [enrollmentProjection];
export { enrollmentEntities, enrollmentOrm } from './projections/enrollments/enrollments.orm.js';
/** Time travel (issue 16): the audit context folds an enrollment's past with this context's evolve (composed by the apps). */
export { enrollmentAsOf } from './domain/as-of.js';
