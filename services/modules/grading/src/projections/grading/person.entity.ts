import { personReplicaEntity } from '@academy/backend';

/**
 * `people`: students' and teachers' names and emails (the screens show them), from identity's published
 * events; grading's own copy (ADR 0018: each context that keeps `people` has its entity), written by
 * libs/backend's `peopleReplica` handlers.
 */
export const GradingPerson = personReplicaEntity('GradingPerson', { byEmail: false });
