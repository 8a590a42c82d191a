// The replicas this context keeps of other contexts' facts (ADR 0019), through the shared entity
// factories: who is a student (name and email: the funders' CSV names them), the programmes and their
// type (the default timetable), the subjects, who teaches which (who may take attendance), and who is
// actively enrolled where (a session's cohort).
import { assignmentReplicaEntity, enrollmentReplicaEntity, personReplicaEntity, programReplicaEntity, subjectReplicaEntity } from '@academy/backend';

export const AttendancePerson = personReplicaEntity('AttendancePerson', { byEmail: false });
export const AttendanceProgram = programReplicaEntity('AttendanceProgram');
export const AttendanceSubject = subjectReplicaEntity('AttendanceSubject', { byProgram: true });
export const AttendanceAssignment = assignmentReplicaEntity('AttendanceAssignment');
export const AttendanceEnrollment = enrollmentReplicaEntity('AttendanceEnrollment', { indexedBy: ['program', 'student'] });
