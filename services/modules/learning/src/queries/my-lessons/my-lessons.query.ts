import { UserQuery } from '@academy/backend';
import type { LessonsResponse } from '@academy/contracts';

/** Student Weekly Lessons: the student's own published weeks up to their current week, the current week first. */
export class MyLessons extends UserQuery<LessonsResponse> {}
