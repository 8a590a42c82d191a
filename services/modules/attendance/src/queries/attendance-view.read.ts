// How sessions, sheets and a student's attendance read on every screen, from the attendance schema.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, type Principal } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { ATTENDANCE_MESSAGES, type AttendanceSheet, type AttendanceStatus, type ClassSession, type SessionKind } from '@academy/contracts';
import { readAttendance, readSessionRow, readSubjects, readTeacherSubjectIds, type SessionRow } from '../access.read.js';
import { AttendanceMark, AttendanceMarkChange } from '../projections/attendance/mark.entity.js';
import { AttendancePerson } from '../projections/attendance/replicas.entity.js';
import { ClassSessionRow } from '../projections/attendance/session.entity.js';
import { readCohort } from '../access.read.js';

export const iso = (d: Date | string) => new Date(d).toISOString();

/** 404 for an unknown subject; 403 for a teacher not assigned to it, and for any other role but admin. */
export async function assertMayManage(em: EntityManager, principal: Principal, subjectId: string): Promise<void> {
  const [subject] = await readSubjects(em, [subjectId]);
  if (!subject) throw new DomainError('not_found', ATTENDANCE_MESSAGES.subjectNotFound);
  if (principal.role === 'admin') return;
  if (principal.role === 'teacher' && (await readTeacherSubjectIds(em, principal.userId)).includes(subjectId)) return;
  throw new DomainError('forbidden', ATTENDANCE_MESSAGES.notYourSubject);
}

/** Rows → views, with their subject's name and how many students are marked. */
export async function sessionViews(em: EntityManager, rows: SessionRow[]): Promise<ClassSession[]> {
  if (!rows.length) return [];
  const read = readAttendance(em);
  const names = new Map((await readSubjects(em, [...new Set(rows.map((r) => r.subjectId))])).map((s) => [s.id, s.name]));
  const marks = await read.find(AttendanceMark, { sessionId: { $in: rows.map((r) => r.id) } }, { disableIdentityMap: true, fields: ['sessionId'] });
  const marked = new Map<string, number>();
  for (const m of marks) marked.set(m.sessionId, (marked.get(m.sessionId) ?? 0) + 1);
  return rows.map((r) => ({
    id: r.id,
    subjectId: r.subjectId,
    subjectName: names.get(r.subjectId) ?? '',
    kind: r.kind as SessionKind,
    date: r.date,
    week: r.week,
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    status: r.status as ClassSession['status'],
    reason: r.reason ?? null,
    marked: marked.get(r.id) ?? 0,
  }));
}

/** A subject's sessions by start, between two days (inclusive) when given. */
export async function readSubjectSessions(em: EntityManager, subjectId: string, from?: string, to?: string): Promise<SessionRow[]> {
  const date: Record<string, string> = {};
  if (from) date.$gte = from;
  if (to) date.$lte = to;
  const where = { subjectId, ...(from || to ? { date } : {}) };
  return orNone(readAttendance(em).find(ClassSessionRow, where, { disableIdentityMap: true, orderBy: { startsAt: 'asc', kind: 'asc' } }), []);
}

/** One session's sheet: the roster with each mark, and every change newest first. */
export async function readSheet(em: EntityManager, sessionId: string): Promise<AttendanceSheet | null> {
  const row = await readSessionRow(em, sessionId);
  if (!row) return null;
  const read = readAttendance(em);
  const [session] = await sessionViews(em, [row]);
  const marks = await read.find(AttendanceMark, { sessionId }, { disableIdentityMap: true });
  const changes = await read.find(AttendanceMarkChange, { sessionId }, { disableIdentityMap: true, orderBy: { at: 'desc', eventId: 'asc' } });
  const ids = [...new Set([...(await readCohort(em, row.subjectId)), ...marks.map((m) => m.studentId)])];
  const personIds = [...new Set([...ids, ...changes.map((c) => c.actorId).filter((x): x is string => !!x)])];
  const people = personIds.length ? await read.find(AttendancePerson, { id: { $in: personIds } }, { disableIdentityMap: true, fields: ['id', 'fullName'] }) : [];
  const name = new Map(people.map((p) => [p.id, p.fullName ?? null]));
  const byStudent = new Map(marks.map((m) => [m.studentId, m]));
  const students = ids
    .map((studentId) => ({ studentId, fullName: name.get(studentId) ?? null, status: (byStudent.get(studentId)?.status as AttendanceStatus | undefined) ?? null, note: byStudent.get(studentId)?.note ?? '' }))
    .sort((a, b) => (a.fullName ?? '').localeCompare(b.fullName ?? '') || a.studentId.localeCompare(b.studentId));
  const history = changes.map((c) => ({
    at: iso(c.at),
    byName: c.actorId ? (name.get(c.actorId) ?? null) : null,
    studentName: name.get(c.studentId) ?? null,
    from: (c.previousStatus as AttendanceStatus | null) ?? null,
    to: c.status as AttendanceStatus,
    note: c.note,
  }));
  return { session: session!, students, history };
}

export interface StudentMarkRow {
  sessionId: string;
  subjectName: string;
  kind: SessionKind;
  week: number;
  startsAt: string;
  status: AttendanceStatus;
}

/** Every mark of one student, by start. */
export async function readStudentMarks(em: EntityManager, studentId: string): Promise<StudentMarkRow[]> {
  if (!isUuid(studentId)) return [];
  const read = readAttendance(em);
  const marks = await orNone(read.find(AttendanceMark, { studentId }, { disableIdentityMap: true }), []);
  if (!marks.length) return [];
  const sessions = await read.find(ClassSessionRow, { id: { $in: marks.map((m) => m.sessionId) } }, { disableIdentityMap: true });
  const views = new Map((await sessionViews(em, sessions)).map((s) => [s.id, s]));
  return marks
    .filter((m) => views.has(m.sessionId))
    .map((m) => {
      const s = views.get(m.sessionId)!;
      return { sessionId: s.id, subjectName: s.subjectName, kind: s.kind, week: s.week, startsAt: s.startsAt, status: m.status as AttendanceStatus };
    })
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
