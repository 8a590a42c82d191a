import { defineEntity, p } from '@mikro-orm/core';

/** `assignments`: which teacher teaches which subject (the catalog's TeacherAssigned / TeacherUnassigned): whom a teacher may address. */
export const AnnouncementsAssignment = defineEntity({
  name: 'AnnouncementsAssignment',
  tableName: 'assignments',
  properties: {
    id: p.uuid().primary(),
    teacherId: p.uuid(),
    subjectId: p.uuid(),
  },
  indexes: [{ name: 'assignments_teacher_idx', properties: ['teacherId', 'subjectId'] }],
});
