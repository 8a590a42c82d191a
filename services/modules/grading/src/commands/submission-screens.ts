import { GRADING_PROJECTION } from '../projections/grading/grading.projection.js';

/** A submission's or a grade's answer waits for grading and for learning, whose lessons show the attempts. */
export const SUBMISSION_SCREENS = [GRADING_PROJECTION, 'learning'] as const;
