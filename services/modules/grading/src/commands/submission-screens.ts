import { GRADING_PROJECTION } from '../projections/grading/grading.projection.js';

/** What the commands' checks read (their answers also wait for learning: SUBMISSION_SCREENS). */
export const GRADING_READ_MODEL = [GRADING_PROJECTION] as const;

/** A submission's or a grade's answer waits for grading and for learning, whose lessons show the attempts. */
export const SUBMISSION_SCREENS = [GRADING_PROJECTION, 'learning'] as const;
