import { enrollmentReplicaEntity } from '@academy/backend';

/**
 * `enrollments`: the enrollment context's enrollments as Weekly Lessons needs them (status, program and
 * current week), replicated from its published events: `current_week` is enrollment's
 * (EnrollmentWeekAdvanced v2 carries it), never computed here. By student: the student's active enrollment.
 */
export const LearningEnrollment = enrollmentReplicaEntity('LearningEnrollment', { indexedBy: ['student'] });
