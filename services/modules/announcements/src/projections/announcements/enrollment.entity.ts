import { defineEntity, p } from '@mikro-orm/core';

/** `enrollments`: enrollment's enrollments (who is an active student of which program), from its published events. */
export const AnnouncementsEnrollment = defineEntity({
  name: 'AnnouncementsEnrollment',
  tableName: 'enrollments',
  properties: {
    id: p.uuid().primary(),
    studentId: p.uuid(),
    programId: p.uuid(),
    status: p.text(),
    currentWeek: p.integer(),
    enrolledAt: p.datetime(),
    activatedAt: p.datetime().nullable(),
  },
  // A subject's or program's students.
  indexes: [{ name: 'enrollments_program_idx', properties: ['programId', 'status'] }],
});
