import { defineEntity, p } from '@mikro-orm/core';

/** `programs`: the catalog's programs (the audience "a program" and its name), from its published events. */
export const AnnouncementsProgram = defineEntity({
  name: 'AnnouncementsProgram',
  tableName: 'programs',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    type: p.text(),
  },
});
