import { z } from 'zod';
import { text } from '../text.js';
import { ATTENDANCE_LIMITS } from '../copy/attendance.js';
import { ATTENDANCE_STATUSES, SESSION_KINDS } from '../events/attendance.js';

// The attendance API (issue 31 §1–§2). A teacher reaches only the subjects assigned to them, a
// student only their own attendance, an admin everything; the non-teaching days are the admin's.

/** A calendar day: "2027-02-01" (a real date). */
const dayField = (error: string) =>
  text({ error })
    .regex(/^\d{4}-\d{2}-\d{2}$/, error)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), error);

const reason = text({ error: 'Reason is required' })
  .trim()
  .min(1, 'Reason is required')
  .max(ATTENDANCE_LIMITS.reason, `Reason must be at most ${ATTENDANCE_LIMITS.reason} characters`);

/** PUT /api/attendance/subjects/:subjectId/schedule (admin) → 200 { message: 'Schedule saved', subject }. */
export const setScheduleRequestSchema = z.object({
  startDate: dayField('Enter the start date'),
  weekdays: z
    .array(z.number({ error: 'Choose the weekdays' }).int().min(1, 'Choose the weekdays').max(7, 'Choose the weekdays'), { error: 'Choose the weekdays' })
    .min(1, 'Choose at least one weekday')
    .refine((d) => new Set(d).size === d.length, 'Choose each weekday once'),
  startTime: text({ error: 'Enter the start time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the start time as HH:MM'),
  lectureMinutes: z.number({ error: 'Enter the lecture length in minutes' }).int('Enter whole minutes').min(15, 'A lecture lasts at least 15 minutes').max(600, 'A lecture lasts at most 600 minutes'),
  supportMinutes: z.number({ error: 'Enter the support length in minutes' }).int('Enter whole minutes').min(0, 'Support cannot be negative').max(720, 'Support lasts at most 720 minutes'),
});
export type SetScheduleRequest = z.infer<typeof setScheduleRequestSchema>;

export const cohortScheduleSchema = z.object({
  startDate: z.string(),
  weeks: z.number().int(),
  weekdays: z.array(z.number().int()),
  startTime: z.string(),
  lectureMinutes: z.number().int(),
  supportMinutes: z.number().int(),
  timeZone: z.string(),
});
export type CohortSchedule = z.infer<typeof cohortScheduleSchema>;

export const scheduledSubjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  programName: z.string(),
  programType: z.enum(['evening', 'daytime']).nullable(),
  schedule: cohortScheduleSchema.nullable(),
  /** The week of the programme today (1–20; 0 before it starts, null without a schedule). */
  currentWeek: z.number().int().nullable(),
});
export type ScheduledSubject = z.infer<typeof scheduledSubjectSchema>;
/** GET /api/attendance/subjects (teacher: theirs; admin: all). */
export const scheduledSubjectsResponseSchema = z.object({ subjects: z.array(scheduledSubjectSchema) });
export type ScheduledSubjectsResponse = z.infer<typeof scheduledSubjectsResponseSchema>;
export const scheduleResponseSchema = z.object({ message: z.string(), subject: scheduledSubjectSchema });
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const CLASS_SESSION_STATUSES = ['scheduled', 'cancelled', 'moved'] as const;
export const classSessionSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  kind: z.enum(SESSION_KINDS),
  /** The day it was scheduled for, in the academy's zone. */
  date: z.string(),
  week: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(CLASS_SESSION_STATUSES),
  reason: z.string().nullable(),
  /** How many students have a mark. */
  marked: z.number().int(),
});
export type ClassSession = z.infer<typeof classSessionSchema>;

/** ?from=&to= (days, inclusive); without them the programme's whole run. */
export const classSessionsQuerySchema = z.object({ from: dayField('Enter a valid start day').optional(), to: dayField('Enter a valid end day').optional() });
export type ClassSessionsQuery = z.infer<typeof classSessionsQuerySchema>;
/** GET /api/attendance/subjects/:subjectId/sessions (its teacher, admin). */
export const classSessionsResponseSchema = z.object({ sessions: z.array(classSessionSchema) });
export type ClassSessionsResponse = z.infer<typeof classSessionsResponseSchema>;
export const classSessionResponseSchema = z.object({ message: z.string(), session: classSessionSchema });
export type ClassSessionResponse = z.infer<typeof classSessionResponseSchema>;

/** POST /api/attendance/sessions/:sessionId/cancel (its teacher, admin). */
export const cancelSessionRequestSchema = z.object({ reason });
export type CancelSessionRequest = z.infer<typeof cancelSessionRequestSchema>;
/** POST /api/attendance/sessions/:sessionId/move: the new start (an instant; the form reads it in the academy's zone). */
export const moveSessionRequestSchema = z.object({
  startsAt: text({ error: 'Enter the new date and time' }).refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'Enter a valid date and time'),
  reason,
});
export type MoveSessionRequest = z.infer<typeof moveSessionRequestSchema>;

const note = text({ error: 'Enter a note' }).trim().max(ATTENDANCE_LIMITS.note, `Note must be at most ${ATTENDANCE_LIMITS.note} characters`);
export const attendanceMarkSchema = z.object({ studentId: z.uuid({ error: 'Choose a student' }), status: z.enum(ATTENDANCE_STATUSES, { error: 'Choose present, late, absent or excused' }), note: note.default('') });
/** PUT /api/attendance/sessions/:sessionId/marks (its teacher, admin): the whole screen in one command. */
export const recordAttendanceRequestSchema = z.object({
  marks: z
    .array(attendanceMarkSchema, { error: 'Marks are required' })
    .min(1, 'Mark at least one student')
    .max(500, 'At most 500 students')
    .refine((m) => new Set(m.map((x) => x.studentId)).size === m.length, 'Each student once'),
});
export type RecordAttendanceRequest = z.infer<typeof recordAttendanceRequestSchema>;
export type MarkInput = z.input<typeof attendanceMarkSchema>;

export const attendanceSheetSchema = z.object({
  session: classSessionSchema,
  students: z.array(z.object({ studentId: z.string(), fullName: z.string().nullable(), status: z.enum(ATTENDANCE_STATUSES).nullable(), note: z.string() })),
  /** Every mark ever written, newest first: who changed what. */
  history: z.array(
    z.object({ at: z.string(), byName: z.string().nullable(), studentName: z.string().nullable(), from: z.enum(ATTENDANCE_STATUSES).nullable(), to: z.enum(ATTENDANCE_STATUSES), note: z.string() }),
  ),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;
/** GET /api/attendance/sessions/:sessionId. */
export const attendanceSheetResponseSchema = z.object({ sheet: attendanceSheetSchema });
export type AttendanceSheetResponse = z.infer<typeof attendanceSheetResponseSchema>;
export const recordAttendanceResponseSchema = z.object({ message: z.string(), sheet: attendanceSheetSchema });
export type RecordAttendanceResponse = z.infer<typeof recordAttendanceResponseSchema>;

const counts = { present: z.number().int(), late: z.number().int(), absent: z.number().int(), excused: z.number().int() };
/** GET /api/attendance/mine (student): by week of the programme, with the rate and the academy's threshold. */
export const myAttendanceResponseSchema = z.object({
  threshold: z.number(),
  rate: z.number().nullable(),
  flagged: z.boolean(),
  weeks: z.array(
    z.object({
      week: z.number().int(),
      ...counts,
      rate: z.number().nullable(),
      sessions: z.array(z.object({ sessionId: z.string(), subjectName: z.string(), kind: z.enum(SESSION_KINDS), startsAt: z.string(), status: z.enum(ATTENDANCE_STATUSES) })),
    }),
  ),
});
export type MyAttendanceResponse = z.infer<typeof myAttendanceResponseSchema>;

/** ?from=&to= of the CSV (days in the academy's zone, inclusive). */
export const attendanceExportQuerySchema = classSessionsQuerySchema;

export const nonTeachingDaySchema = z.object({ date: z.string(), name: z.string() });
export type NonTeachingDay = z.infer<typeof nonTeachingDaySchema>;
export const nonTeachingDaysQuerySchema = z.object({ year: z.coerce.number({ error: 'Enter a year' }).int('Enter a year').min(2000, 'Enter a year from 2000 to 2100').max(2100, 'Enter a year from 2000 to 2100') });
export type NonTeachingDaysQuery = z.infer<typeof nonTeachingDaysQuerySchema>;
/** GET /api/attendance/non-teaching-days?year= (admin): `filled`: the public holidays of the year were added. */
export const nonTeachingDaysResponseSchema = z.object({ year: z.number().int(), filled: z.boolean(), days: z.array(nonTeachingDaySchema) });
export type NonTeachingDaysResponse = z.infer<typeof nonTeachingDaysResponseSchema>;
export const nonTeachingDaysChangedResponseSchema = z.object({ message: z.string(), days: nonTeachingDaysResponseSchema });
export type NonTeachingDaysChangedResponse = z.infer<typeof nonTeachingDaysChangedResponseSchema>;
/** POST /api/attendance/non-teaching-days (admin). */
export const addNonTeachingDayRequestSchema = z.object({
  date: dayField('Enter a valid date'),
  name: text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(ATTENDANCE_LIMITS.holidayName, `Name must be at most ${ATTENDANCE_LIMITS.holidayName} characters`),
});
export type AddNonTeachingDayRequest = z.infer<typeof addNonTeachingDayRequestSchema>;
/** POST /api/attendance/non-teaching-days/fill (admin): the public holidays of ZA and ZW of a year. */
export const fillNonTeachingDaysRequestSchema = z.object({ year: z.number({ error: 'Enter a year' }).int('Enter a year').min(2000, 'Enter a year from 2000 to 2100').max(2100, 'Enter a year from 2000 to 2100') });
export type FillNonTeachingDaysRequest = z.infer<typeof fillNonTeachingDaysRequestSchema>;
