import { subjectReplicaEntity } from '@academy/backend';

/** `subjects`: the catalog's subjects and their program (a subject's students are its program's), from its published events. */
export const AnnouncementsSubject = subjectReplicaEntity('AnnouncementsSubject', { byProgram: true });
