// Public surface of the learning context: the Nest module and the projections the worker runs.
import type { Projection } from '@academy/event-store';
import { learningProjection } from './projections/learning/learning.projection.js';

export { LearningModule } from './learning.module.js';
export const learningProjections: Projection[] = [learningProjection];
/** Weekly Lessons' statement, for the benchmark's bare baseline to run the very same SQL. */
export { LESSONS as LESSONS_SQL } from './queries/my-lessons/my-lessons.read.js';
/** The commands the composition root may send itself (the commands benchmark sends CreateWeek as the controller does). */
export { CreateWeek } from './commands/create-week/create-week.command.js';
export { learningEntities, learningOrm } from './projections/learning/learning.orm.js';
