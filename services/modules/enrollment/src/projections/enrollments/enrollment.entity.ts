import { defineEntity, p } from '@mikro-orm/core';
import type { EnrollmentStatus } from '@academy/contracts';

/**
 * `enrollments`: one row per enrollment (the context's own events): its code, whom and what it enrolls,
 * status, the week (`current_week`, advanced by the capstone reactor), the stamps and the stream version
 * (the admin's If-Match). Students, programs and subjects are not relations: their rows come and go
 * with other contexts' events, so screens join them by id (LEFT JOIN), with no foreign keys.
 */
export const EnrollmentRecord = defineEntity({
  name: 'EnrollmentEnrollment',
  tableName: 'enrollments',
  properties: {
    id: p.uuid().primary(),
    // Named as Postgres named the SQL's inline UNIQUE, so the table is the one v1 made.
    code: p.text().unique('enrollments_code_key'),
    studentId: p.uuid(),
    programId: p.uuid(),
    subjectId: p.uuid(),
    status: p.text().$type<EnrollmentStatus>(),
    currentWeek: p.integer(),
    enrolledAt: p.datetime(),
    activatedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    version: p.integer(),
  },
  indexes: [
    // A student's enrollments (My Course; UserDeleted removes them).
    { name: 'enrollments_student_idx', properties: ['studentId', 'programId'] },
    // Admin Enrollments: newest first.
    { name: 'enrollments_enrolled_at_idx', columns: [{ name: 'enrolled_at', sort: 'DESC' }] },
  ],
});
