import { defineEntity, p } from '@mikro-orm/core';
import type { ProgramType } from '@academy/contracts';

/** `programs`: the catalog's programs (name and type, for the lessons' header), from its published events. */
export const LearningProgram = defineEntity({
  name: 'LearningProgram',
  tableName: 'programs',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    type: p.text().$type<ProgramType>(),
  },
});
