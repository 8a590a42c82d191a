// Public surface of the enrollment context: the Nest module and the projections the worker runs.
import type { Projection } from '@academy/event-store';
import { enrollmentProjection } from './projections/enrollments/enrollments.projection.js';

export { EnrollmentModule } from './enrollment.module.js';
export const enrollmentProjections: Projection[] = [enrollmentProjection];
