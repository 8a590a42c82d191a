import { subjectReplicaEntity } from '@academy/backend';

/** `subjects`: the catalog's subjects and their program, from its published events. */
export const GradingSubject = subjectReplicaEntity('GradingSubject', { byProgram: false });
