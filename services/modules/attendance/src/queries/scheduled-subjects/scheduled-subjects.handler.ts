import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig, orNone } from '@academy/backend';
import type { ScheduledSubjectsResponse } from '@academy/contracts';
import { readAttendance, readSubjects, readTeacherSubjectIds } from '../../access.read.js';
import { dayIn, weekOf } from '../../domain/timetable.js';
import { AttendanceSchedule } from '../../projections/attendance/schedule.entity.js';
import { ScheduledSubjects } from './scheduled-subjects.query.js';

@QueryHandler(ScheduledSubjects)
export class ScheduledSubjectsHandler implements IQueryHandler<ScheduledSubjects> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, filter }: ScheduledSubjects): Promise<ScheduledSubjectsResponse> {
    let ids: string[] | null = principal.role === 'admin' ? null : principal.role === 'teacher' ? await readTeacherSubjectIds(this.em, principal.userId) : [];
    if (filter.subjectId) ids = ids === null || ids.includes(filter.subjectId) ? [filter.subjectId] : [];
    const subjects = await readSubjects(this.em, ids);
    const schedules = subjects.length ? await orNone(readAttendance(this.em).find(AttendanceSchedule, { subjectId: { $in: subjects.map((s) => s.id) } }, { disableIdentityMap: true }), []) : [];
    const bySubject = new Map(schedules.map((s) => [s.subjectId, s]));
    const today = dayIn(new Date(), this.config.ACADEMY_TIME_ZONE);
    return {
      subjects: subjects.map((s) => {
        const row = bySubject.get(s.id);
        const schedule = row
          ? { startDate: row.startDate, weeks: row.weeks, weekdays: row.weekdays, startTime: row.startTime, lectureMinutes: row.lectureMinutes, supportMinutes: row.supportMinutes, timeZone: row.timeZone }
          : null;
        return { id: s.id, name: s.name, programName: s.programName, programType: s.programType, schedule, currentWeek: schedule ? Math.min(weekOf(schedule.startDate, today), schedule.weeks) : null };
      }),
    };
  }
}
