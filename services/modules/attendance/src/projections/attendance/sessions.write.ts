// The sessions table kept equal to "timetable minus non-teaching days" (domain/timetable.ts) for one
// subject: new days inserted, existing ones re-timed unless a single change moved them, days that
// left the timetable deleted unless attendance was taken (the marks would lose their session).
import type { ProjectionTx } from '@academy/event-store';
import type { SessionScheduleSetData } from '@academy/contracts';
import { addDays, plannedSessions } from '../../domain/timetable.js';
import { AttendanceMark } from './mark.entity.js';
import { NonTeachingDay } from './non-teaching-day.entity.js';
import { AttendanceSchedule } from './schedule.entity.js';
import { ClassSessionRow } from './session.entity.js';

type ScheduleRow = InstanceType<typeof AttendanceSchedule.class>;

export const scheduleData = (row: ScheduleRow): SessionScheduleSetData => ({
  subjectId: row.subjectId,
  startDate: row.startDate,
  weeks: row.weeks,
  weekdays: row.weekdays,
  startTime: row.startTime,
  lectureMinutes: row.lectureMinutes,
  supportMinutes: row.supportMinutes,
  timeZone: row.timeZone,
});

/** The last day of a schedule's run. */
export const lastDayOf = (s: { startDate: string; weeks: number }) => addDays(s.startDate, s.weeks * 7 - 1);

export async function rebuildSessions(schedule: SessionScheduleSetData, tx: ProjectionTx): Promise<void> {
  const holidays = await tx.em
    .createQueryBuilder(NonTeachingDay)
    .select(['date'])
    .where({ date: { $gte: schedule.startDate, $lte: lastDayOf(schedule) } })
    .execute<{ date: string }[]>('all');
  const planned = plannedSessions(schedule.subjectId, schedule, new Set(holidays.map((h) => h.date)));
  const existing = await tx.em.createQueryBuilder(ClassSessionRow).select(['id', 'status']).where({ subjectId: schedule.subjectId }).execute<{ id: string; status: string }[]>('all');
  const status = new Map(existing.map((r) => [r.id, r.status]));
  const fresh = planned.filter((s) => !status.has(s.id));
  if (fresh.length) {
    await tx.em
      .createQueryBuilder(ClassSessionRow)
      .insert(fresh.map((s) => ({ id: s.id, subjectId: schedule.subjectId, kind: s.kind, date: s.date, week: s.week, scheduledStartsAt: s.startsAt, startsAt: s.startsAt, endsAt: s.endsAt, status: 'scheduled', reason: null })))
      .execute();
  }
  for (const s of planned.filter((p) => status.has(p.id))) {
    const retime = status.get(s.id) === 'moved' ? {} : { startsAt: s.startsAt, endsAt: s.endsAt };
    await tx.em.createQueryBuilder(ClassSessionRow).update({ week: s.week, scheduledStartsAt: s.startsAt, ...retime }).where({ id: s.id }).execute();
  }
  const keep = new Set(planned.map((s) => s.id));
  const gone = existing.map((r) => r.id).filter((id) => !keep.has(id));
  if (gone.length) {
    const taken = await tx.em.createQueryBuilder(AttendanceMark).select(['sessionId']).distinct().where({ sessionId: { $in: gone } }).execute<{ sessionId: string }[]>('all');
    const kept = new Set(taken.map((t) => t.sessionId));
    const drop = gone.filter((id) => !kept.has(id));
    if (drop.length) await tx.em.createQueryBuilder(ClassSessionRow).delete().where({ id: { $in: drop } }).execute();
  }
}

/** After a non-teaching day changed: every schedule whose run covers one of `dates`. */
export async function rebuildSessionsCovering(dates: readonly string[], tx: ProjectionTx): Promise<void> {
  if (!dates.length) return;
  const schedules = (await tx.em.createQueryBuilder(AttendanceSchedule).select('*').getResultList()) as ScheduleRow[];
  for (const row of schedules) {
    const s = scheduleData(row);
    if (dates.some((d) => d >= s.startDate && d <= lastDayOf(s))) await rebuildSessions(s, tx);
  }
}
