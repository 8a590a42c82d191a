import { defineEntity, p } from '@mikro-orm/core';
import type { Role } from '@academy/contracts';

/**
 * `people`: the catalog's replica of identity's people (who is a teacher, their name and email), the
 * same columns as every context's people replica (libs/backend peopleReplica). Personal fields are null once the person is erased.
 */
export const CatalogPerson = defineEntity({
  name: 'CatalogPerson',
  tableName: 'people',
  properties: {
    id: p.uuid().primary(),
    role: p.text().$type<Role>(),
    fullName: p.text().nullable(),
    email: p.text().nullable(),
  },
});

export type CatalogPersonRow = InstanceType<typeof CatalogPerson.class>;
