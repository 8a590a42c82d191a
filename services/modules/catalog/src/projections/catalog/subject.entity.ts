import { defineEntity, p } from '@mikro-orm/core';

/**
 * `subjects`: the live subjects (cohorts) and the program each is in. `programId` is a plain column, not
 * a relation: the projection keeps a subject whose program row is gone, and the SQL had no foreign key.
 */
export const CatalogSubject = defineEntity({
  name: 'CatalogSubject',
  tableName: 'subjects',
  properties: {
    id: p.uuid().primary(),
    programId: p.uuid().index('subjects_program_idx'),
    name: p.text(),
    weekNumber: p.integer().nullable(),
    description: p.text(),
    createdAt: p.datetime(),
  },
});

export type CatalogSubjectRow = InstanceType<typeof CatalogSubject.class>;
