import { z } from 'zod';
import { text } from '../text.js';
import { programTypeSchema } from './catalog.js';
import { GRADING_MESSAGES } from '../copy/grading.js';
import { commitPinSchema, REPOSITORY_URL } from './git-commits.js';
import { rubricBreakdownSchema, rubricSelectionsSchema } from './rubrics.js';

// The grading context's HTTP surface (spec §2 student Dashboard, My Grades, Progress; teacher
// Dashboard, Submissions; §3 submissions, grades; §4 grade status, submissions; §5 submission, grade;
// §8; §9 rounding). Every endpoint lives under /api. Errors are ApiError (identity.ts).
// Grading owns SUBMISSIONS and GRADES: one stream per (student, item) `work-<studentId>-<itemId>`
// holds every attempt and every grade, so "one submission unless needs_revision" and "CapstonePassed
// at most once per (student, capstone)" are decided purely on one stream.

export const GRADE_STATUSES = ['pending', 'passed', 'failed', 'needs_revision'] as const;
export const gradeStatusSchema = z.enum(GRADE_STATUSES, { error: 'Choose a status' });
export type GradeStatus = z.infer<typeof gradeStatusSchema>;

export const WORK_KINDS = ['task', 'capstone'] as const;
export const workKindSchema = z.enum(WORK_KINDS, { error: 'Choose task or capstone' });
export type WorkKind = z.infer<typeof workKindSchema>;

/** Tasks per week, the denominator of the dashboard's Tasks Completed n/5 (spec §2). */
export const TASKS_PER_WEEK = 5;

/**
 * The repository's address (the field keeps its spec name, githubUrl): https://<host>/<owner>/<repo>,
 * any host in shape; the API accepts only the hosts of SUBMISSION_GIT_HOSTS (github.com by default)
 * and reads the commit it pins from there (issue 30, ADR 0039).
 */
export const githubUrlSchema = text({ error: GRADING_MESSAGES.githubUrlRequired })
  .trim()
  .min(1, { error: GRADING_MESSAGES.githubUrlRequired, abort: true })
  .max(500, GRADING_MESSAGES.githubUrl)
  .regex(REPOSITORY_URL, GRADING_MESSAGES.githubUrl);

/** Score: optional, 0–100 in steps of 0.01 (spec §5, §9). */
export const scoreSchema = z
  .number({ error: 'Score must be a number from 0 to 100' })
  .min(0, 'Score must be from 0 to 100')
  .max(100, 'Score must be from 0 to 100')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Score has at most two decimals (step 0.01)')
  .nullable()
  .optional()
  .default(null);

// ── shapes ───────────────────────────────────────────────────────────────────────────────────────

export const gradeSchema = z.object({
  score: z.number().nullable(),
  status: gradeStatusSchema,
  feedback: z.string(),
  teacherId: z.string(),
  teacherName: z.string(),
  gradedAt: z.string(),
  /** The rubric breakdown when graded with a rubric (issue 30 §2); null or absent otherwise (lists do not read it). */
  rubric: rubricBreakdownSchema.nullable().optional(),
});
export type Grade = z.infer<typeof gradeSchema>;

/** One attempt at a task or capstone, as the teacher's Submissions and the student's My Grades show it. */
export const submissionSchema = z.object({
  id: z.string(),
  kind: workKindSchema,
  /** The task's or capstone's id. */
  itemId: z.string(),
  title: z.string(),
  /** Day 1–5 for a task, null for a capstone. */
  dayNumber: z.number().int().nullable(),
  weekId: z.string(),
  weekNumber: z.number().int(),
  subjectId: z.string(),
  subjectName: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  githubUrl: z.string(),
  notes: z.string(),
  submittedAt: z.string(),
  /** The due date the attempt was judged against (the student's extension when `extended`). */
  dueAt: z.string().nullable(),
  /** `dueAt` is an extension given to this student (issue 30 §4): shown as "Extended to …". */
  extended: z.boolean(),
  /** The conversation's last reply is the student's (issue 30 §3): the teacher Submissions marks it. */
  awaitingReply: z.boolean(),
  /** Submitted after the due date. */
  late: z.boolean(),
  /** 1 for the first attempt; a new attempt is allowed only after needs_revision. */
  attempt: z.number().int(),
  /** False for an attempt superseded by a newer one. */
  latest: z.boolean(),
  grade: gradeSchema.nullable(),
  /** The commit the repository's default branch pointed to when submitted (null: submitted before pinning existed). */
  pin: commitPinSchema.nullable(),
  /** The (student, item) stream's version: send it as `expectedVersion` when grading (409 on a concurrent grade). */
  version: z.number().int(),
});
export type Submission = z.infer<typeof submissionSchema>;

// ── student: submit ──────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/student/submissions (student) → 201 { message: 'Submission successful!', submission }.
 * The item's week must be published and the student actively enrolled in its subject's program;
 * 409 alreadySubmitted unless the latest grade is needs_revision (then a new attempt); 404 itemNotFound.
 */
export const submitWorkRequestSchema = z.object({
  kind: workKindSchema,
  itemId: z.uuid({ error: 'Choose a task or capstone' }),
  githubUrl: githubUrlSchema,
  notes: text().trim().max(5000, 'Notes must be at most 5000 characters').optional().default(''),
});
export type SubmitWorkRequest = z.infer<typeof submitWorkRequestSchema>;
export const submissionResponseSchema = z.object({ message: z.string().optional(), submission: submissionSchema });
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;

/**
 * GET /api/submissions/:id (the student who submitted it; a teacher assigned to its subject; admin)
 * → { submission, attempts } (attempts: every attempt at the same item, oldest first); 404 otherwise
 * for students, 403 for teachers not assigned.
 */
export const submissionDetailResponseSchema = z.object({ submission: submissionSchema, attempts: z.array(submissionSchema) });
export type SubmissionDetailResponse = z.infer<typeof submissionDetailResponseSchema>;

// ── teacher: Submissions and grading ─────────────────────────────────────────────────────────────

export const SUBMISSION_TABS = ['pending', 'graded'] as const;
export const submissionTabSchema = z.enum(SUBMISSION_TABS, { error: 'Choose the pending or the graded tab' });
export type SubmissionTab = z.infer<typeof submissionTabSchema>;
/** Rows per page of the teacher's Submissions (a subject's cohort × weeks runs to thousands). */
export const SUBMISSIONS_PAGE_SIZE = 50;

/**
 * GET /api/teacher/submissions?tab=pending|graded&subjectId=&after=&limit= (teacher: the subjects
 * assigned to them; admin: all) → { counts, tab, items, nextCursor }. Latest attempts only; pending =
 * no grade or status pending, graded = the others (spec §4). `counts` are both tabs' totals (the
 * 'Pending Review (n)' / 'Graded (n)' labels); `items` the open tab's rows, newest first by
 * (submittedAt, id), at most `limit` (default SUBMISSIONS_PAGE_SIZE, max 200); `nextCursor`, opaque,
 * is sent back as `after` for the next page (null: this is the last page). A malformed cursor is a 400.
 * `awaitingReply=true` (issue 30 §3, §5): only the submissions whose conversation's last reply is the
 * student's, in the rows and in both counts.
 */
export const listSubmissionsQuerySchema = z.object({
  subjectId: z.uuid({ error: 'Choose a subject' }).optional(),
  tab: submissionTabSchema.optional().default('pending'),
  awaitingReply: z
    .enum(['true', 'false'], { error: 'Send true or false' })
    .optional()
    .transform((v): boolean | undefined => (v === undefined ? undefined : v === 'true'))
    .optional(),
  after: text().max(200, 'The page cursor is malformed').optional(),
  limit: z.coerce
    .number({ error: 'The page size must be a number' })
    .int('The page size must be a whole number')
    .min(1, 'The page size must be from 1 to 200')
    .max(200, 'The page size must be from 1 to 200')
    .optional()
    .default(SUBMISSIONS_PAGE_SIZE),
});
export type ListSubmissionsQuery = z.infer<typeof listSubmissionsQuerySchema>;
export const teacherSubmissionsResponseSchema = z.object({
  counts: z.object({ pending: z.number().int(), graded: z.number().int() }),
  tab: submissionTabSchema,
  items: z.array(submissionSchema),
  nextCursor: z.string().nullable(),
});
export type TeacherSubmissionsResponse = z.infer<typeof teacherSubmissionsResponseSchema>;

/**
 * POST /api/submissions/:id/grade (teacher assigned to the submission's subject) →
 * { message: 'Grade submitted successfully', submission }. Grading again updates the grade. With
 * `expectedVersion` (the submission's `version` as read) a grade given meanwhile answers 409
 * gradeChangedMeanwhile. 403 notYourSubject; 404 submissionNotFound; 409 notLatestAttempt.
 */
export const gradeSubmissionRequestSchema = z.object({
  score: scoreSchema,
  status: gradeStatusSchema,
  feedback: text().trim().max(10000, 'Feedback must be at most 10000 characters').optional().default(''),
  expectedVersion: z.number().int().min(0).optional(),
  /** Graded with the item's rubric (issue 30 §2): the score is computed by the server, `score` is ignored. */
  rubric: rubricSelectionsSchema.optional(),
});
export type GradeSubmissionRequest = z.infer<typeof gradeSubmissionRequestSchema>;

/** One change of a grade, from the events (who, when, old → new). */
export const gradeChangeSchema = z.object({
  submissionId: z.string(),
  attempt: z.number().int(),
  teacherId: z.string(),
  teacherName: z.string(),
  gradedAt: z.string(),
  from: z.object({ score: z.number().nullable(), status: gradeStatusSchema, feedback: z.string() }).nullable(),
  to: z.object({ score: z.number().nullable(), status: gradeStatusSchema, feedback: z.string() }),
});
export type GradeChange = z.infer<typeof gradeChangeSchema>;

/** GET /api/submissions/:id/history (teacher assigned to its subject, admin) → { changes } oldest first, over every attempt at the item. */
export const gradeHistoryResponseSchema = z.object({ changes: z.array(gradeChangeSchema) });
export type GradeHistoryResponse = z.infer<typeof gradeHistoryResponseSchema>;

// ── student: My Grades, Progress, Dashboard ──────────────────────────────────────────────────────

/**
 * GET /api/student/grades (student: own only) → every attempt newest first + summary over the LATEST
 * attempt of each item (a superseded needs_revision attempt does not count twice). averageScore: mean
 * of the scored grades rounded to one decimal (null when none); total: items submitted; graded: those
 * whose grade is not pending; passRate: passed / graded in whole percent (null when none graded).
 */
export const myGradesResponseSchema = z.object({
  submissions: z.array(submissionSchema),
  summary: z.object({
    averageScore: z.number().nullable(),
    total: z.number().int(),
    graded: z.number().int(),
    passRate: z.number().int().nullable(),
  }),
});
export type MyGradesResponse = z.infer<typeof myGradesResponseSchema>;

export const weekProgressSchema = z.object({
  weekNumber: z.number().int(),
  tasksSubmitted: z.number().int(),
  tasksGraded: z.number().int(),
  capstonesSubmitted: z.number().int(),
  capstonesPassed: z.number().int(),
  /** Mean score of the week's scored grades, one decimal; null when none. */
  averageScore: z.number().nullable(),
});
export type WeekProgress = z.infer<typeof weekProgressSchema>;

/**
 * GET /api/student/progress (student: own only) → { currentWeek (null when no active enrollment),
 * percent (currentWeek/20, whole), weeks (weeks with submissions, ascending), trend (scored grades by
 * time of grading, oldest first) }.
 */
export const progressResponseSchema = z.object({
  currentWeek: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  weeks: z.array(weekProgressSchema),
  trend: z.array(z.object({ gradedAt: z.string(), score: z.number(), title: z.string(), kind: workKindSchema, weekNumber: z.number().int() })),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

/**
 * GET /api/student/dashboard (student) → real figures: currentWeek of the active enrollment (null
 * none), tasksCompleted = the student's tasks of that week (in the program's subjects) whose latest
 * grade is passed, out of TASKS_PER_WEEK; averageGrade one decimal or null; activeCourse null when none.
 */
export const studentDashboardResponseSchema = z.object({
  currentWeek: z.number().int().nullable(),
  tasksCompleted: z.number().int(),
  tasksTotal: z.number().int(),
  averageGrade: z.number().nullable(),
  activeCourse: z.object({ programId: z.string(), programName: z.string(), programType: programTypeSchema }).nullable(),
});
export type StudentDashboardResponse = z.infer<typeof studentDashboardResponseSchema>;

/**
 * GET /api/teacher/dashboard (teacher) → activeCourses: subjects assigned to them; totalStudents:
 * distinct students with an active enrollment in those subjects' programs; pendingGrading: latest
 * attempts in those subjects with no grade or pending; currentWeek: the most common current week of
 * those students (null when none).
 */
export const teacherDashboardResponseSchema = z.object({
  activeCourses: z.number().int(),
  totalStudents: z.number().int(),
  pendingGrading: z.number().int(),
  currentWeek: z.number().int().nullable(),
});
export type TeacherDashboardResponse = z.infer<typeof teacherDashboardResponseSchema>;

// ── export ───────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/subjects/:subjectId/grades.csv (teacher assigned to the subject, admin) → text/csv with
 * these columns, one row per attempt, ordered by week, student email, item.
 */
export const GRADE_CSV_COLUMNS = [
  'student_email',
  'student_name',
  'week',
  'type',
  'title',
  'attempt',
  'submitted_at',
  'late',
  // The student's extended due date when the attempt was judged against one (issue 30 §4), else empty.
  'extended_to',
  'github_url',
  'status',
  'score',
  'graded_at',
  'graded_by',
  // Graded with a rubric (issue 30 §2): each criterion "Title: Level (points/max)", joined by "; "; else empty.
  'rubric',
] as const;
