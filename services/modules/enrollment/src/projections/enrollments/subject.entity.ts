import { defineEntity, p } from '@mikro-orm/core';

/** `subjects`: the catalog's subjects (a program's cohorts) and their program (from its published events). */
export const Subject = defineEntity({
  name: 'EnrollmentSubject',
  tableName: 'subjects',
  properties: {
    id: p.uuid().primary(),
    programId: p.uuid(),
    name: p.text(),
  },
});

export type SubjectRow = InstanceType<typeof Subject.class>;
