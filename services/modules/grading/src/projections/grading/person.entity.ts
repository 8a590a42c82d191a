import { defineEntity, p } from '@mikro-orm/core';

/**
 * `people`: students' and teachers' names and emails (the screens show them), from identity's published
 * events; grading's own copy (ADR 0018: each context that keeps `people` has its entity), written by
 * libs/backend's `peopleReplica` handlers. Personal fields arrive decrypted, absent once erased.
 */
export const GradingPerson = defineEntity({
  name: 'GradingPerson',
  tableName: 'people',
  properties: {
    id: p.uuid().primary(),
    role: p.text(),
    fullName: p.text().nullable(),
    email: p.text().nullable(),
  },
});
