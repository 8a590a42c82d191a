import { defineEntity, p } from '@mikro-orm/core';

/** `subjects`: the catalog's subjects and their program (a subject's students are its program's), from its published events. */
export const AnnouncementsSubject = defineEntity({
  name: 'AnnouncementsSubject',
  tableName: 'subjects',
  properties: {
    id: p.uuid().primary(),
    programId: p.uuid(),
    name: p.text(),
  },
  indexes: [{ name: 'subjects_program_idx', properties: ['programId'] }],
});
