import { z } from 'zod';
import { text } from '../text.js';
import { programTypeSchema } from './catalog.js';

// The enrollment context's HTTP surface (spec §2 admin Enrollments, student Dashboard and My Course;
// §3, §4 enrollment status, §5 Enroll, §8). Every endpoint lives under /api.

export const ENROLLMENT_STATUSES = ['pending', 'active', 'completed', 'dropped'] as const;
export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES, { error: 'Choose pending, active, completed or dropped' });
export type EnrollmentStatus = z.infer<typeof enrollmentStatusSchema>;
/** Statuses that still hold the student's place in a program (one such enrollment per student and program). */
export const UNFINISHED_ENROLLMENT_STATUSES: readonly EnrollmentStatus[] = ['pending', 'active'];

const choose = (label: string) => z.uuid({ error: `Choose a ${label}` });

/** One enrollment as the admin's table and the student's My Course show it. */
export const enrollmentSchema = z.object({
  id: z.string(),
  /** Readable, unique display code, e.g. ENR-2026-0007 (spec §3 enrollment_id). */
  code: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  programId: z.string(),
  programName: z.string(),
  programType: programTypeSchema,
  programDescription: z.string(),
  /** The cohort (spec §3 subject_id). */
  subjectId: z.string(),
  subjectName: z.string(),
  status: enrollmentStatusSchema,
  /** 1–20. */
  currentWeek: z.number().int(),
  enrolledAt: z.string(),
  activatedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The enrollment stream's version: send it back with a status change to detect a concurrent change (409). */
  version: z.number().int(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

/** GET /api/enrollments (admin) → newest first. */
export const enrollmentsResponseSchema = z.object({ enrollments: z.array(enrollmentSchema) });
export type EnrollmentsResponse = z.infer<typeof enrollmentsResponseSchema>;

/**
 * GET /api/enrollment-counts (admin, student_admin) → how many enrollments are in each status (every
 * status present, 0 when none): the dashboards' 'Active Enrollments' (spec §2 student admin: "See counts").
 */
export const enrollmentCountsResponseSchema = z.object({ counts: z.record(enrollmentStatusSchema, z.number().int()) });
export type EnrollmentCountsResponse = z.infer<typeof enrollmentCountsResponseSchema>;

/** GET /api/enrollments/:id: admin any; a student only their own (404 otherwise); others 403. */
export const enrollmentResponseSchema = z.object({ message: z.string().optional(), enrollment: enrollmentSchema });
export type EnrollmentResponse = z.infer<typeof enrollmentResponseSchema>;

/** POST /api/enrollments (admin) → 201 { message: 'Student enrolled successfully', enrollment } (status pending, week 1); 409 alreadyEnrolled; 400 fields. */
export const enrollStudentRequestSchema = z.object({ studentId: choose('student'), programId: choose('program'), subjectId: choose('subject') });
export type EnrollStudentRequest = z.infer<typeof enrollStudentRequestSchema>;

/**
 * PUT /api/enrollments/:id/status (admin) → 200 { message: 'Enrollment status updated', enrollment }.
 * Any status from any (spec §4); active stamps activatedAt once, completed stamps completedAt.
 * With `expectedVersion` a concurrent change answers 409 changedMeanwhile.
 */
export const changeEnrollmentStatusRequestSchema = z.object({ status: enrollmentStatusSchema, expectedVersion: z.number().int().min(0).optional() });
export type ChangeEnrollmentStatusRequest = z.infer<typeof changeEnrollmentStatusRequestSchema>;

/** GET /api/student/enrollment (student) → the caller's ACTIVE enrollment or null (spec §4: students see only that one). */
export const myEnrollmentResponseSchema = z.object({ enrollment: enrollmentSchema.nullable() });
export type MyEnrollmentResponse = z.infer<typeof myEnrollmentResponseSchema>;

// ── bulk enrollment from CSV (admin; beyond the spec) ────────────────────────────────────────────

/** The CSV's header: one enrollment per line, by the student's email and the program's and subject's names. */
export const ENROLLMENT_CSV_COLUMNS = ['student_email', 'program', 'subject'] as const;

/**
 * POST /api/enrollments/import (admin). `dryRun: true` checks every row and writes nothing; `dryRun:
 * false` enrolls every row in one atomic append, or nothing when any row has a problem (400 with the
 * same report). Limit: 2,000 rows, 1 MB.
 */
export const importEnrollmentsRequestSchema = z.object({
  csv: text({ error: 'Choose a CSV file' }).min(1, 'The file is empty').max(1_000_000, 'The file is larger than 1 MB'),
  dryRun: z.boolean(),
});
export type ImportEnrollmentsRequest = z.infer<typeof importEnrollmentsRequestSchema>;
export const importRowSchema = z.object({
  /** 1-based line number in the file (the header is line 1). */
  line: z.number().int(),
  studentEmail: z.string(),
  program: z.string(),
  subject: z.string(),
  /** Empty when the row is fine. */
  problems: z.array(z.string()),
});
export const importEnrollmentsResponseSchema = z.object({
  message: z.string(),
  dryRun: z.boolean(),
  /** Rows with problems count; 0 means the file can be applied. */
  problemCount: z.number().int(),
  /** Enrollments created (0 for a dry run or a refused file). */
  enrolled: z.number().int(),
  rows: z.array(importRowSchema),
});
export type ImportEnrollmentsResponse = z.infer<typeof importEnrollmentsResponseSchema>;
