// The attendance read model on MikroORM (ADR 0018): its entities, and the migrations the Migrator
// runs into every new version schema of the projection.
import type { ProjectionOrm } from '@academy/event-store';
import { attendanceMigrations } from '../../migrations/index.js';
import { AttendanceMark, AttendanceMarkChange } from './mark.entity.js';
import { FilledYear, NonTeachingDay } from './non-teaching-day.entity.js';
import { AttendanceAssignment, AttendanceEnrollment, AttendancePerson, AttendanceProgram, AttendanceSubject } from './replicas.entity.js';
import { AttendanceSchedule } from './schedule.entity.js';
import { ClassSessionRow } from './session.entity.js';

export const attendanceEntities = [
  AttendancePerson,
  AttendanceProgram,
  AttendanceSubject,
  AttendanceAssignment,
  AttendanceEnrollment,
  AttendanceSchedule,
  NonTeachingDay,
  FilledYear,
  ClassSessionRow,
  AttendanceMark,
  AttendanceMarkChange,
];

export const attendanceOrm: ProjectionOrm = { entities: attendanceEntities, migrations: attendanceMigrations };
