import { assignmentReplicaEntity } from '@academy/backend';

/** `assignments`: who teaches which subject (the catalog's TeacherAssigned/Unassigned). */
export const GradingAssignment = assignmentReplicaEntity('GradingAssignment');
