import { defineEntity, p } from '@mikro-orm/core';

/** `enrollments`: the catalog's replica of enrollment's StudentEnrolled, for the counts and the "in use" rules. */
export const CatalogEnrollment = defineEntity({
  name: 'CatalogEnrollment',
  tableName: 'enrollments',
  properties: {
    id: p.uuid().primary(),
    studentId: p.uuid().index('enrollments_student_idx'),
    programId: p.uuid().index('enrollments_program_idx'),
    subjectId: p.uuid().index('enrollments_subject_idx'),
  },
});
