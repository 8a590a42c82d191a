import { assignmentReplicaEntity } from '@academy/backend';

/**
 * `assignments`: which teacher teaches which subject (the catalog's TeacherAssigned / TeacherUnassigned);
 * by teacher: every week command's check, and Teacher Weekly Content's list.
 */
export const LearningAssignment = assignmentReplicaEntity('LearningAssignment');
