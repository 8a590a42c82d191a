import { PrincipalObjectQuery } from '@academy/backend';
import type { Enrollment } from '@academy/contracts';

/** One enrollment: an admin's any, a student's only their own (not found otherwise, as if it did not exist). */
export class GetEnrollment extends PrincipalObjectQuery<{ enrollment: Enrollment }> {}
