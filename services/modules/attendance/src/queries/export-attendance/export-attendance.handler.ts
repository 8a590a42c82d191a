import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '@academy/backend';
import { readAttendance } from '../../access.read.js';
import { AttendanceMark } from '../../projections/attendance/mark.entity.js';
import { AttendancePerson } from '../../projections/attendance/replicas.entity.js';
import { assertMayManage, readSubjectSessions, sessionViews } from '../attendance-view.read.js';
import { attendanceCsv } from './attendance-csv.js';
import { ExportAttendance } from './export-attendance.query.js';

@QueryHandler(ExportAttendance)
export class ExportAttendanceHandler implements IQueryHandler<ExportAttendance> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, subjectId, filter }: ExportAttendance): Promise<string> {
    await assertMayManage(this.em, principal, subjectId);
    const sessions = await sessionViews(this.em, await readSubjectSessions(this.em, subjectId, filter.from, filter.to));
    const read = readAttendance(this.em);
    const marks = sessions.length ? await read.find(AttendanceMark, { sessionId: { $in: sessions.map((s) => s.id) } }, { disableIdentityMap: true }) : [];
    const studentIds = [...new Set(marks.map((m) => m.studentId))];
    const people = studentIds.length ? await read.find(AttendancePerson, { id: { $in: studentIds } }, { disableIdentityMap: true }) : [];
    const person = new Map(people.map((p) => [p.id, p]));
    const rows = marks.map((m) => ({ sessionId: m.sessionId, fullName: person.get(m.studentId)?.fullName ?? null, email: person.get(m.studentId)?.email ?? null, status: m.status }));
    return attendanceCsv(sessions, rows, this.config.ACADEMY_TIME_ZONE);
  }
}
