import { UserQuery } from '@academy/backend';
import type { MyEnrollmentResponse } from '@academy/contracts';

/** Student My Course: the student's ACTIVE enrollment, or null (spec §4). */
export class MyEnrollment extends UserQuery<MyEnrollmentResponse> {}
