// The facts every slice of this context checks, from its read model's replicas (ADR 0019): what a
// teacher teaches, a subject with its programme, a session on the timetable, and a subject's cohort.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import type { ProgramType } from '@academy/contracts';
import { ATTENDANCE_PROJECTION } from './projections/attendance/attendance.projection.js';
import { AttendanceMark } from './projections/attendance/mark.entity.js';
import { AttendanceAssignment, AttendanceEnrollment, AttendancePerson, AttendanceProgram, AttendanceSubject } from './projections/attendance/replicas.entity.js';
import { ClassSessionRow } from './projections/attendance/session.entity.js';

export const readAttendance = (em: EntityManager) => readModelEm(em, ATTENDANCE_PROJECTION);

/** The subjects `teacherId` is assigned to. */
export async function readTeacherSubjectIds(em: EntityManager, teacherId: string): Promise<string[]> {
  if (!isUuid(teacherId)) return [];
  const rows = await orNone(readAttendance(em).find(AttendanceAssignment, { teacherId }, { disableIdentityMap: true, fields: ['subjectId'] }), []);
  return [...new Set(rows.map((r) => r.subjectId))].sort();
}

export interface SubjectFacts {
  id: string;
  name: string;
  programId: string;
  programName: string;
  programType: ProgramType | null;
}

/** Subjects with their programme (all of them when `ids` is null). */
export async function readSubjects(em: EntityManager, ids: readonly string[] | null): Promise<SubjectFacts[]> {
  const read = readAttendance(em);
  const wanted = ids?.filter(isUuid);
  if (wanted && !wanted.length) return [];
  const subjects = await orNone(read.find(AttendanceSubject, wanted ? { id: { $in: wanted } } : {}, { disableIdentityMap: true, orderBy: { name: 'asc', id: 'asc' } }), []);
  const programIds = [...new Set(subjects.map((s) => s.programId))];
  const programs = programIds.length ? await read.find(AttendanceProgram, { id: { $in: programIds } }, { disableIdentityMap: true }) : [];
  const byId = new Map(programs.map((p) => [p.id, p]));
  return subjects.map((s) => ({ id: s.id, name: s.name, programId: s.programId, programName: byId.get(s.programId)?.name ?? '', programType: (byId.get(s.programId)?.type as ProgramType | undefined) ?? null }));
}

export type SessionRow = InstanceType<typeof ClassSessionRow.class>;

/** One session of the timetable (null: unknown). */
export async function readSessionRow(em: EntityManager, sessionId: string): Promise<SessionRow | null> {
  if (!isUuid(sessionId)) return null;
  return orNone(readAttendance(em).findOne(ClassSessionRow, { id: sessionId }, { disableIdentityMap: true }), null);
}

/** A subject's cohort: the live students with an active enrollment in its programme. */
export async function readCohort(em: EntityManager, subjectId: string): Promise<string[]> {
  if (!isUuid(subjectId)) return [];
  const read = readAttendance(em);
  const rows = await orNone(
    read
      .createQueryBuilder(AttendanceEnrollment, 'e')
      .select(sql.ref('e.student_id').as('id'))
      .distinct()
      .join(read.createQueryBuilder(AttendanceSubject).where({ id: subjectId }), 's', { 's.program_id': sql.ref('e.program_id') })
      .join(read.createQueryBuilder(AttendancePerson).where({ role: 'student' }), 'p', { 'p.id': sql.ref('e.student_id') })
      .where({ status: 'active' })
      .execute<{ id: string }[]>('all'),
    [],
  );
  return rows.map((r) => r.id).sort();
}

/** Who may be marked for a session: the cohort, and whoever was marked before (a student who left keeps their mark). */
export async function readRoster(em: EntityManager, session: { id: string; subjectId: string }): Promise<string[]> {
  const marked = await orNone(readAttendance(em).find(AttendanceMark, { sessionId: session.id }, { disableIdentityMap: true, fields: ['studentId'] }), []);
  return [...new Set([...(await readCohort(em, session.subjectId)), ...marked.map((m) => m.studentId)])].sort();
}
