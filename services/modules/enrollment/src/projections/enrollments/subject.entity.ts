import { subjectReplicaEntity } from '@academy/backend';

/** `subjects`: the catalog's subjects (a program's cohorts) and their program (from its published events). */
export const Subject = subjectReplicaEntity('EnrollmentSubject', { byProgram: false });
