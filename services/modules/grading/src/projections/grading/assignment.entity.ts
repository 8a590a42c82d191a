import { defineEntity, p } from '@mikro-orm/core';

/** `assignments`: who teaches which subject (the catalog's TeacherAssigned/Unassigned). */
export const GradingAssignment = defineEntity({
  name: 'GradingAssignment',
  tableName: 'assignments',
  properties: {
    id: p.uuid().primary(),
    teacherId: p.uuid(),
    subjectId: p.uuid(),
  },
  indexes: [{ name: 'assignments_teacher_idx', properties: ['teacherId', 'subjectId'] }],
});
