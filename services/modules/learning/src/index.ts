// Public surface of the learning context: the Nest module and the projections the worker runs.
import type { Projection } from '@academy/event-store';
import { learningProjection } from './projections/learning/learning.projection.js';

export { LearningModule } from './learning.module.js';
export const learningProjections: Projection[] = [learningProjection];
/** The commands the composition root may send itself (the commands benchmark sends CreateWeek as the controller does). */
export { CreateWeek } from './commands/create-week/create-week.command.js';
export { learningEntities, learningOrm } from './projections/learning/learning.orm.js';
