import { subjectReplicaEntity } from '@academy/backend';

/**
 * `subjects`: the catalog's subjects and their program, from its published events. `programId` is a
 * plain column, not a relation: the program's row comes and goes with the catalog's events (ADR 0018).
 * By program: Weekly Lessons shows the subjects of the student's program.
 */
export const LearningSubject = subjectReplicaEntity('LearningSubject', { byProgram: true });
