import { z } from 'zod';
import { type EventData, type EventPersonal, publishedEvent } from './published-event.js';

// The attendance context's published events (issue 31 §1–§2), three kinds of stream:
// schedule-<subjectId> (a cohort's timetable and what happened to single sessions),
// non-teaching-days-<year> (the academy's holidays of a year) and attendance-<sessionId> (who came).
// Reasons for a cancelled or moved session are the academy's message to a group (in the clear, as
// announcements); an excuse note is about one student: in the encrypted personal part (ADR 0003).

export const ATTENDANCE_EVENTS = {
  SessionScheduleSet: 'SessionScheduleSet',
  SessionCancelled: 'SessionCancelled',
  SessionMoved: 'SessionMoved',
  NonTeachingDaysFilled: 'NonTeachingDaysFilled',
  NonTeachingDayAdded: 'NonTeachingDayAdded',
  NonTeachingDayRemoved: 'NonTeachingDayRemoved',
  AttendanceMarked: 'AttendanceMarked',
} as const;

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const SESSION_KINDS = ['lecture', 'support'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

const id = z.string().min(1);
/** A calendar day in the academy's zone, "2027-02-01". */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The timetable of a subject's cohort. `weekdays`: ISO numbers (1 Monday … 7 Sunday); `startTime`: the
 * wall time in `timeZone` (the academy's when it was set, kept so that a replay places the sessions
 * at the same instants); the support block follows the lecture (0: none).
 */
export const SessionScheduleSetV1 = publishedEvent(
  ATTENDANCE_EVENTS.SessionScheduleSet,
  1,
  z.object({
    subjectId: id,
    startDate: day,
    weeks: z.number().int().min(1),
    weekdays: z.array(z.number().int().min(1).max(7)).min(1),
    startTime: z.string().regex(/^\d{2}:\d{2}$/),
    lectureMinutes: z.number().int().min(1),
    supportMinutes: z.number().int().min(0),
    timeZone: z.string().min(1),
  }),
);
export type SessionScheduleSetData = EventData<typeof SessionScheduleSetV1>;

/** Who was told of a change to a session: the cohort's live students when it was made (ADR 0029's rule). */
/** `subjectName` and `timeZone` as they were, so that the bell and the mail read without another context. */
const change = { subjectId: id, subjectName: z.string(), sessionId: id, timeZone: z.string(), reason: z.string(), recipientIds: z.array(id) };

export const SessionCancelledV1 = publishedEvent(ATTENDANCE_EVENTS.SessionCancelled, 1, z.object({ ...change, startsAt: z.string() }));
export type SessionCancelledData = EventData<typeof SessionCancelledV1>;

/** Moved: its new start and end (instants); `fromStartsAt` where it was. */
export const SessionMovedV1 = publishedEvent(ATTENDANCE_EVENTS.SessionMoved, 1, z.object({ ...change, fromStartsAt: z.string(), startsAt: z.string(), endsAt: z.string() }));
export type SessionMovedData = EventData<typeof SessionMovedV1>;

const holiday = z.object({ date: day, name: z.string() });
/** The public holidays of South Africa and Zimbabwe of a year, as date-holidays knew them when filled. */
export const NonTeachingDaysFilledV1 = publishedEvent(ATTENDANCE_EVENTS.NonTeachingDaysFilled, 1, z.object({ year: z.number().int(), days: z.array(holiday) }));
export type NonTeachingDaysFilledData = EventData<typeof NonTeachingDaysFilledV1>;
export const NonTeachingDayAddedV1 = publishedEvent(ATTENDANCE_EVENTS.NonTeachingDayAdded, 1, holiday);
export type NonTeachingDayAddedData = EventData<typeof NonTeachingDayAddedV1>;
export const NonTeachingDayRemovedV1 = publishedEvent(ATTENDANCE_EVENTS.NonTeachingDayRemoved, 1, z.object({ date: day }));
export type NonTeachingDayRemovedData = EventData<typeof NonTeachingDayRemovedV1>;

/**
 * One student's mark for one session. A save appends one per changed mark, all in one atomic append;
 * `previousStatus` set: a correction (who made it: the event's actor).
 */
export const AttendanceMarkedV1 = publishedEvent(
  ATTENDANCE_EVENTS.AttendanceMarked,
  1,
  z.object({ sessionId: id, subjectId: id, studentId: id, status: z.enum(ATTENDANCE_STATUSES), previousStatus: z.enum(ATTENDANCE_STATUSES).nullable() }),
  /** The note (an excuse: free text about the student), in the encrypted personal part (subject: the student). */
  { personal: z.object({ note: z.string() }) },
);
export type AttendanceMarkedData = EventData<typeof AttendanceMarkedV1>;
export type AttendanceMarkedPersonal = EventPersonal<typeof AttendanceMarkedV1>;

export const ATTENDANCE_PUBLISHED_EVENTS = [
  SessionScheduleSetV1,
  SessionCancelledV1,
  SessionMovedV1,
  NonTeachingDaysFilledV1,
  NonTeachingDayAddedV1,
  NonTeachingDayRemovedV1,
  AttendanceMarkedV1,
] as const;
