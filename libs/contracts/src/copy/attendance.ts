// The attendance context's UI copy: messages the frontends show and the API sends (issue 31 §1–§2).
import type { AttendanceStatus } from '../events/attendance.js';

export const ATTENDANCE_LIMITS = { reason: 500, note: 500, holidayName: 120, weeks: 52 } as const;

export const ATTENDANCE_MESSAGES = {
  scheduleSaved: 'Schedule saved',
  holidayAdded: 'Non-teaching day added',
  holidayRemoved: 'Non-teaching day removed',
  holidaysFilled: 'Public holidays added',
  sessionCancelled: 'Session cancelled',
  sessionMoved: 'Session moved',
  attendanceSaved: 'Attendance saved',
  subjectNotFound: 'Subject not found',
  sessionNotFound: 'Session not found',
  notYourSubject: 'You can only manage the sessions of your subjects',
  alreadyCancelled: 'This session is already cancelled',
  cancelledSession: 'This session was cancelled',
  notStarted: 'This session has not started yet',
  notInCohort: 'This student is not in the cohort',
  holidayNotFound: 'No non-teaching day on this date',
  holidayExists: 'This day is already a non-teaching day',
  noSchedule: 'No schedule yet',
  noSessions: 'No sessions in this period',
  noAttendance: 'No attendance taken yet',
  belowThreshold: (threshold: number) => `Your attendance is below the academy's ${threshold}% threshold`,
  noticeCancelledTitle: (subject: string) => `Session cancelled: ${subject}`,
  noticeMovedTitle: (subject: string) => `Session moved: ${subject}`,
} as const;

export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = { present: 'Present', late: 'Late', absent: 'Absent', excused: 'Excused' };
/** The key that marks each status on the attendance screen. */
export const ATTENDANCE_STATUS_KEYS: Record<AttendanceStatus, string> = { present: 'p', late: 'l', absent: 'a', excused: 'e' };

/** The programme type's default timetable (issue 31 §1): evening Mon–Fri 1 h; daytime Mon–Fri lecture 1 h + support 8 h. */
export const DEFAULT_SCHEDULES = {
  evening: { weekdays: [1, 2, 3, 4, 5], startTime: '18:00', lectureMinutes: 60, supportMinutes: 0 },
  daytime: { weekdays: [1, 2, 3, 4, 5], startTime: '08:00', lectureMinutes: 60, supportMinutes: 480 },
} as const;
/** A programme runs 20 weeks (spec §1). */
export const PROGRAMME_WEEKS = 20;

/**
 * Attendance rate in percent: present and late count as attended, absent as missed, excused neither
 * (a sick note does not lower a rate). Null when nothing counts yet.
 */
export function attendanceRate(counts: Record<AttendanceStatus, number>): number | null {
  const attended = counts.present + counts.late;
  const counted = attended + counts.absent;
  return counted === 0 ? null : Math.round((attended / counted) * 1000) / 10;
}
