import { z } from 'zod';
import { text } from '../text.js';
import { programTypeSchema } from './catalog.js';

// The learning context's HTTP surface (spec §2 teacher Weekly Content, student Weekly Lessons; §3
// weeks, tasks, capstones; §4 week; §5 week creation; §8). Every endpoint lives under /api. Errors are
// ApiError (identity.ts). Learning owns the CONTENT (weeks, daily tasks, capstones); submissions and
// grades belong to grading (grading.ts): the student's lessons view joins them from grading's events.

/** Weeks of a programme and days of a week (spec §9, §3). */
export const MIN_WEEK = 1;
export const MAX_WEEK = 20;
export const MIN_DAY = 1;
export const MAX_DAY = 5;

const requiredText = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  text()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .default('');

export const weekNumberSchema = z
  .number({ error: 'Week number must be a whole number from 1 to 20' })
  .int('Week number must be a whole number from 1 to 20')
  .min(MIN_WEEK, 'Week number must be a whole number from 1 to 20')
  .max(MAX_WEEK, 'Week number must be a whole number from 1 to 20');
export const dayNumberSchema = z
  .number({ error: 'Day must be a whole number from 1 to 5' })
  .int('Day must be a whole number from 1 to 5')
  .min(MIN_DAY, 'Day must be a whole number from 1 to 5')
  .max(MAX_DAY, 'Day must be a whole number from 1 to 5');
/** Optional due date: an ISO-8601 instant (with offset) or null for none. */
export const dueAtSchema = z.iso.datetime({ offset: true, error: 'Enter a valid due date and time' }).nullable().optional().default(null);
const expectedVersion = z.number().int().min(0).optional();
/**
 * What happens after an item's due date (issue 30 §4): `accept` (the default) takes a submission and
 * flags it late; `closed` refuses it (409 closedAfterDue) unless the student has an extension.
 */
export const LATE_POLICIES = ['accept', 'closed'] as const;
export const latePolicySchema = z.enum(LATE_POLICIES, { error: 'Choose whether late submissions are accepted' });
export type LatePolicy = z.infer<typeof latePolicySchema>;

// ── shapes ───────────────────────────────────────────────────────────────────────────────────────

export const taskSchema = z.object({
  id: z.string(),
  weekId: z.string(),
  /** 1–5; unique within the week. */
  dayNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  instructions: z.string(),
  dueAt: z.string().nullable(),
  latePolicy: latePolicySchema,
});
export type Task = z.infer<typeof taskSchema>;

export const capstoneSchema = z.object({
  id: z.string(),
  weekId: z.string(),
  title: z.string(),
  description: z.string(),
  instructions: z.string(),
  dueAt: z.string().nullable(),
  latePolicy: latePolicySchema,
});
export type Capstone = z.infer<typeof capstoneSchema>;

/** A week as the teacher's Weekly Content and content editor show it. */
export const weekSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  programId: z.string(),
  programName: z.string(),
  weekNumber: z.number().int(),
  title: z.string(),
  objectives: z.string(),
  isPublished: z.boolean(),
  /** Tasks ordered by day. */
  tasks: z.array(taskSchema),
  capstone: capstoneSchema.nullable(),
  createdAt: z.string(),
  /** The week stream's version: send it back as `expectedVersion` to detect a concurrent edit (409). */
  version: z.number().int(),
});
export type Week = z.infer<typeof weekSchema>;

// ── teacher: Weekly Content and the content editor ───────────────────────────────────────────────

/**
 * GET /api/teacher/weeks?subjectId= (teacher: weeks of the subjects assigned to them, optionally one
 * subject: 403 when not assigned; admin: any subject) → { weeks } ordered by subject name, week number.
 */
export const listWeeksQuerySchema = z.object({ subjectId: z.uuid({ error: 'Choose a subject' }).optional() });
export type ListWeeksQuery = z.infer<typeof listWeeksQuerySchema>;
export const weeksResponseSchema = z.object({ weeks: z.array(weekSchema) });
export type WeeksResponse = z.infer<typeof weeksResponseSchema>;

/** GET /api/weeks/:weekId (assigned teacher, admin) → { week }; 404 weekNotFound (also for a teacher not assigned: 403). */
export const weekResponseSchema = z.object({ message: z.string().optional(), week: weekSchema });
export type WeekResponse = z.infer<typeof weekResponseSchema>;

/**
 * POST /api/weeks (teacher assigned to the subject) → 201 { message: 'Week created successfully', week }
 * (draft); 409 weekExists (one week per subject and number); 403 notYourSubject; 400 fields.
 */
export const createWeekRequestSchema = z.object({
  subjectId: z.uuid({ error: 'Choose a subject' }),
  weekNumber: weekNumberSchema,
  title: requiredText('Title', 200),
  objectives: optionalText('Learning objectives', 5000),
});
export type CreateWeekRequest = z.infer<typeof createWeekRequestSchema>;

/** PUT /api/weeks/:weekId (assigned teacher) → { message: 'Week updated successfully', week }; 409 changedMeanwhile with a stale expectedVersion. */
export const updateWeekRequestSchema = z.object({
  title: requiredText('Title', 200),
  objectives: optionalText('Learning objectives', 5000),
  expectedVersion,
});
export type UpdateWeekRequest = z.infer<typeof updateWeekRequestSchema>;

/** PUT /api/weeks/:weekId/published (assigned teacher) → { message: 'Week status updated', week }. Setting the current value again is a no-op. */
export const setWeekPublishedRequestSchema = z.object({ published: z.boolean({ error: 'Choose published or draft' }) });
export type SetWeekPublishedRequest = z.infer<typeof setWeekPublishedRequestSchema>;

const taskFields = {
  title: requiredText('Title', 200),
  description: optionalText('Description', 5000),
  instructions: optionalText('Instructions', 10000),
  dueAt: dueAtSchema,
  latePolicy: latePolicySchema.optional().default('accept'),
};

/** POST /api/weeks/:weekId/tasks (assigned teacher) → 201 { message: 'Task added successfully', week }; 409 dayTaken / weekFull. */
export const addTaskRequestSchema = z.object({ dayNumber: dayNumberSchema, ...taskFields, expectedVersion });
export type AddTaskRequest = z.infer<typeof addTaskRequestSchema>;

/** PUT /api/weeks/:weekId/tasks/:taskId (assigned teacher) → { message: 'Task updated successfully', week }; 404 taskNotFound; 409 dayTaken. */
export const updateTaskRequestSchema = addTaskRequestSchema;
export type UpdateTaskRequest = z.infer<typeof updateTaskRequestSchema>;

/** DELETE /api/weeks/:weekId/tasks/:taskId (assigned teacher) → { message: 'Task removed', week }. */

/**
 * PUT /api/weeks/:weekId/tasks/order (assigned teacher) → { message: 'Tasks reordered', week }:
 * `taskIds` lists every task of the week once in the new order; the i-th becomes Day i+1.
 */
export const reorderTasksRequestSchema = z.object({
  taskIds: z.array(z.uuid()).min(1, 'List every task of the week exactly once.').max(MAX_DAY, 'A week has at most 5 daily tasks.'),
  expectedVersion,
});
export type ReorderTasksRequest = z.infer<typeof reorderTasksRequestSchema>;

/** PUT /api/weeks/:weekId/capstone (assigned teacher) → { message: 'Capstone saved successfully', week }: sets or edits the week's one capstone. */
export const setCapstoneRequestSchema = z.object({ ...taskFields, expectedVersion });
export type SetCapstoneRequest = z.infer<typeof setCapstoneRequestSchema>;

/** DELETE /api/weeks/:weekId/capstone (assigned teacher) → { message: 'Capstone removed', week }; 404 capstoneNotFound. */

// ── student: Weekly Lessons ──────────────────────────────────────────────────────────────────────

/** The student's latest attempt at an item, as the lessons show it (null when not submitted). */
export const lessonSubmissionSchema = z.object({
  submissionId: z.string(),
  githubUrl: z.string(),
  notes: z.string(),
  submittedAt: z.string(),
  late: z.boolean(),
  attempt: z.number().int(),
  /** null = not graded yet (shown as Submitted). */
  gradeStatus: z.enum(['pending', 'passed', 'failed', 'needs_revision']).nullable(),
  score: z.number().nullable(),
  feedback: z.string().nullable(),
  /** True when the latest grade is needs_revision: a new attempt is allowed. */
  canResubmit: z.boolean(),
});
export type LessonSubmission = z.infer<typeof lessonSubmissionSchema>;

/** The student's own extension of the item's due date (issue 30 §4), null when none: late is judged against it. */
const lessonItemExtras = { submission: lessonSubmissionSchema.nullable(), extendedDueAt: z.string().nullable() };
export const lessonTaskSchema = taskSchema.extend(lessonItemExtras);
export type LessonTask = z.infer<typeof lessonTaskSchema>;
export const lessonCapstoneSchema = capstoneSchema.extend(lessonItemExtras);
export type LessonCapstone = z.infer<typeof lessonCapstoneSchema>;

export const lessonWeekSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  weekNumber: z.number().int(),
  /** An earlier week than the enrollment's current one: shown read-only (no first submission; a needs_revision item may still be submitted again). */
  past: z.boolean(),
  title: z.string(),
  objectives: z.string(),
  tasks: z.array(lessonTaskSchema),
  capstone: lessonCapstoneSchema.nullable(),
});
export type LessonWeek = z.infer<typeof lessonWeekSchema>;

/**
 * GET /api/student/lessons (student) → the PUBLISHED weeks numbered up to the current week of the
 * caller's ACTIVE enrollment, across the subjects of that enrollment's program: the current week's first,
 * then the earlier weeks' (`past`), latest first. `enrollment` null → show noActiveEnrollment; no week
 * of the current week → show noContent above the past weeks.
 */
export const lessonsResponseSchema = z.object({
  enrollment: z
    .object({
      enrollmentId: z.string(),
      programId: z.string(),
      programName: z.string(),
      programType: programTypeSchema,
      currentWeek: z.number().int(),
    })
    .nullable(),
  weeks: z.array(lessonWeekSchema),
});
export type LessonsResponse = z.infer<typeof lessonsResponseSchema>;
