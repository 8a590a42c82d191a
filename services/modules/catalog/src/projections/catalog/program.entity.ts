import { defineEntity, p } from '@mikro-orm/core';
import type { ProgramType } from '@academy/contracts';

/** `programs`: the live programs (deleted ones are gone). Unqualified like every read entity (ADR 0018). */
export const CatalogProgram = defineEntity({
  name: 'CatalogProgram',
  tableName: 'programs',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    type: p.text().$type<ProgramType>(),
    description: p.text(),
    createdAt: p.datetime(),
  },
});
