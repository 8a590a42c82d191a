import { personReplicaEntity } from '@academy/backend';

/**
 * `people`: who is a student (and the name and email screens show), from identity's published events;
 * the enrollment context's own copy (ADR 0018: each context that keeps `people` has its entity).
 * No schema (ADR 0018): the projection writes its version schema through search_path, reads fork the
 * EntityManager onto the read schema's views. By email: the CSV import finds students by email.
 */
export const Person = personReplicaEntity('EnrollmentPerson', { byEmail: true });
