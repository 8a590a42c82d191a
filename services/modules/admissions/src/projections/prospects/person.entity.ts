import { defineEntity, p } from '@mikro-orm/core';

/**
 * `people`: identity's users by id with their full name (UserRegistered, ProfileCompleted /
 * StudentContactUpdated, UserDeleted), for one thing only: the name shown as who last changed a
 * prospect's status. Unqualified like every read entity (ADR 0018).
 */
export const Person = defineEntity({
  name: 'AdmissionsPerson',
  tableName: 'people',
  properties: {
    id: p.uuid().primary(),
    fullName: p.text().nullable(),
  },
});
