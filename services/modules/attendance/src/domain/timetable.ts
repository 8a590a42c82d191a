// A cohort's sessions, computed from its schedule minus the academy's non-teaching days. Pure: the
// projection calls it whenever a schedule or a non-teaching day changes, and a replay computes the
// same sessions (the zone is the schedule's own, the ids are derived from subject, day and kind).
import { TZDate } from '@date-fns/tz';
import { nameBasedUuid } from '@academy/event-store';
import type { SessionKind, SessionScheduleSetData } from '@academy/contracts';

export interface PlannedSession {
  id: string;
  kind: SessionKind;
  /** The day in the schedule's zone, "2027-02-01". */
  date: string;
  /** Week of the programme: 1 from the start date, a new one every seven days. */
  week: number;
  startsAt: Date;
  endsAt: Date;
}

const DAY_MS = 86_400_000;

/** A session's id: the same subject, day and kind always name the same session. */
export const sessionIdOf = (subjectId: string, date: string, kind: SessionKind) => nameBasedUuid(`attendance-session:${subjectId}:${date}:${kind}`);

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Week of the programme of `date` (0 before the start). */
export function weekOf(startDate: string, date: string): number {
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS);
  return days < 0 ? 0 : Math.floor(days / 7) + 1;
}

/** The instant of a wall time on a day in `zone`. */
export function wallTime(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, h, min, 0, zone).getTime());
}

/** The day (in `zone`) an instant falls on. */
export function dayIn(instant: Date, zone: string): string {
  const t = new TZDate(instant.getTime(), zone);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
}

/** Every session of the schedule's run, but on non-teaching days; the support block follows the lecture. */
export function plannedSessions(subjectId: string, schedule: SessionScheduleSetData, nonTeachingDays: ReadonlySet<string>): PlannedSession[] {
  const weekdays = new Set(schedule.weekdays);
  const sessions: PlannedSession[] = [];
  for (let i = 0; i < schedule.weeks * 7; i++) {
    const date = addDays(schedule.startDate, i);
    if (!weekdays.has(isoWeekday(date)) || nonTeachingDays.has(date)) continue;
    const week = Math.floor(i / 7) + 1;
    const lectureStart = wallTime(date, schedule.startTime, schedule.timeZone);
    const lectureEnd = new Date(lectureStart.getTime() + schedule.lectureMinutes * 60_000);
    sessions.push({ id: sessionIdOf(subjectId, date, 'lecture'), kind: 'lecture', date, week, startsAt: lectureStart, endsAt: lectureEnd });
    if (schedule.supportMinutes > 0) {
      sessions.push({ id: sessionIdOf(subjectId, date, 'support'), kind: 'support', date, week, startsAt: lectureEnd, endsAt: new Date(lectureEnd.getTime() + schedule.supportMinutes * 60_000) });
    }
  }
  return sessions;
}
