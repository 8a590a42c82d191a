import { defineEntity, p } from '@mikro-orm/core';
import type { EnrollmentStatus } from '@academy/contracts';

/**
 * `enrollments`: the enrollment context's enrollments as Weekly Lessons needs them (status, program and
 * current week), replicated from its published events: `current_week` is enrollment's
 * (EnrollmentWeekAdvanced v2 carries it), never computed here.
 */
export const LearningEnrollment = defineEntity({
  name: 'LearningEnrollment',
  tableName: 'enrollments',
  properties: {
    id: p.uuid().primary(),
    studentId: p.uuid(),
    programId: p.uuid(),
    status: p.text().$type<EnrollmentStatus>(),
    currentWeek: p.integer(),
    enrolledAt: p.datetime(),
    activatedAt: p.datetime().nullable(),
  },
  // Weekly Lessons: the student's active enrollment.
  indexes: [{ name: 'enrollments_student_idx', properties: ['studentId', 'status'] }],
});
