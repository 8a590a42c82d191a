import { defineEntity, p } from '@mikro-orm/core';
import type { EnrollmentStatus } from '@academy/contracts';

/** `enrollments`: the enrollment context's enrollments (whom, which program, status, current week as it publishes them). */
export const GradingEnrollment = defineEntity({
  name: 'GradingEnrollment',
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
  indexes: [
    { name: 'enrollments_student_idx', properties: ['studentId', 'status'] },
    { name: 'enrollments_program_idx', properties: ['programId', 'status'] },
  ],
});
