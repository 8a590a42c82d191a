import { defineEntity, p } from '@mikro-orm/core';
import type { ProgramType } from '@academy/contracts';

/** `programs`: the catalog's programs (the student dashboard's active course), from its published events. */
export const GradingProgram = defineEntity({
  name: 'GradingProgram',
  tableName: 'programs',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    type: p.text().$type<ProgramType>(),
  },
});
