import { defineEntity, p } from '@mikro-orm/core';

/**
 * `people`: who is a student (and the name and email screens show), from identity's published events;
 * the enrollment context's own copy (ADR 0018: each context that keeps `people` has its entity).
 * Personal fields arrive decrypted, absent once erased. No schema (ADR 0018): the projection writes its
 * version schema through search_path, reads fork the EntityManager onto the read schema's views.
 */
export const Person = defineEntity({
  name: 'EnrollmentPerson',
  tableName: 'people',
  properties: {
    id: p.uuid().primary(),
    role: p.text(),
    fullName: p.text().nullable(),
    // The CSV import finds students by email.
    email: p.text().nullable().index('people_email_idx'),
  },
});

export type PersonRow = InstanceType<typeof Person.class>;
