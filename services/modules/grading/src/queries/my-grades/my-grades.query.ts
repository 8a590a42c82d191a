import { UserQuery } from '@academy/backend';
import type { MyGradesResponse } from '@academy/contracts';

/** Student My Grades: the student's own attempts and the summary cards. */
export class MyGrades extends UserQuery<MyGradesResponse> {}
