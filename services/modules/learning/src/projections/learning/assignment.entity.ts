import { defineEntity, p } from '@mikro-orm/core';

/** `assignments`: which teacher teaches which subject (the catalog's TeacherAssigned / TeacherUnassigned). */
export const LearningAssignment = defineEntity({
  name: 'LearningAssignment',
  tableName: 'assignments',
  properties: {
    id: p.uuid().primary(),
    teacherId: p.uuid(),
    subjectId: p.uuid(),
  },
  // Every week command's check, and Teacher Weekly Content's list: the subjects of a teacher.
  indexes: [{ name: 'assignments_teacher_idx', properties: ['teacherId', 'subjectId'] }],
});
