import { defineEntity, p } from '@mikro-orm/core';

/** `subjects`: the catalog's subjects and their program, from its published events. */
export const GradingSubject = defineEntity({
  name: 'GradingSubject',
  tableName: 'subjects',
  properties: {
    id: p.uuid().primary(),
    programId: p.uuid(),
    name: p.text(),
  },
});
