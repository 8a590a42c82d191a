import { defineEntity, p } from '@mikro-orm/core';

/** `assignments`: which live teacher teaches which subject (one row per TeacherAssigned still in force). */
export const CatalogAssignment = defineEntity({
  name: 'CatalogAssignment',
  tableName: 'assignments',
  properties: {
    id: p.uuid().primary(),
    teacherId: p.uuid().index('assignments_teacher_idx'),
    subjectId: p.uuid().index('assignments_subject_idx'),
    assignedAt: p.datetime(),
  },
});

export type CatalogAssignmentRow = InstanceType<typeof CatalogAssignment.class>;
