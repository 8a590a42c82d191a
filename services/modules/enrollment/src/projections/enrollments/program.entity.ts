import { defineEntity, p } from '@mikro-orm/core';
import type { ProgramType } from '@academy/contracts';

/** `programs`: the catalog's programs as enrollment screens show them (from its published events). */
export const Program = defineEntity({
  name: 'EnrollmentProgram',
  tableName: 'programs',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    type: p.text().$type<ProgramType>(),
    description: p.text(),
  },
});

export type ProgramRow = InstanceType<typeof Program.class>;
