import { enrollmentReplicaEntity } from '@academy/backend';

/** `enrollments`: enrollment's enrollments (who is an active student of which program), from its published events; by program: a subject's or program's students. */
export const AnnouncementsEnrollment = enrollmentReplicaEntity('AnnouncementsEnrollment', { indexedBy: ['program'] });
