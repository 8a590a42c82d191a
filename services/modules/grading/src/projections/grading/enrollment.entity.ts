import { enrollmentReplicaEntity } from '@academy/backend';

/** `enrollments`: the enrollment context's enrollments (whom, which program, status, current week as it publishes them). */
export const GradingEnrollment = enrollmentReplicaEntity('GradingEnrollment', { indexedBy: ['student', 'program'] });
