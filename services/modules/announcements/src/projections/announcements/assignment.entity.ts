import { assignmentReplicaEntity } from '@academy/backend';

/** `assignments`: which teacher teaches which subject (the catalog's TeacherAssigned / TeacherUnassigned): whom a teacher may address. */
export const AnnouncementsAssignment = assignmentReplicaEntity('AnnouncementsAssignment');
