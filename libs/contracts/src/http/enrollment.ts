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

// ── certificates of completion (ADR 0030) ────────────────────────────────────────────────────────

/** 128 random bits in base64url: exactly 22 characters of [A-Za-z0-9_-]. */
export const CERTIFICATE_CODE = /^[A-Za-z0-9_-]{22}$/;

/** Where a certificate is in the verifiable log: its CertificateIssued event's position and hash. */
export const certificateLogEntrySchema = z.object({ position: z.number().int(), hash: z.string() });

/** A certificate as its holder and admins see it. */
export const certificateSchema = z.object({
  enrollmentId: z.string(),
  code: z.string(),
  studentId: z.string(),
  /** null once the holder is erased. */
  studentName: z.string().nullable(),
  programId: z.string(),
  programName: z.string(),
  activatedAt: z.string().nullable(),
  completedAt: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Admins only (null for the holder, and once the holder is erased). */
  revokedReason: z.string().nullable(),
  log: certificateLogEntrySchema,
});
export type Certificate = z.infer<typeof certificateSchema>;

/** GET /api/student/certificates (the holder's), GET /api/certificates (admin: all). */
export const certificatesResponseSchema = z.object({ certificates: z.array(certificateSchema) });
export type CertificatesResponse = z.infer<typeof certificatesResponseSchema>;

/** POST /api/certificates/:enrollmentId/revoke (admin). */
export const revokeCertificateRequestSchema = z.object({
  reason: text({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(500, 'The reason must be at most 500 characters'),
});
export type RevokeCertificateRequest = z.infer<typeof revokeCertificateRequestSchema>;
export const revokeCertificateResponseSchema = z.object({ message: z.string(), certificate: certificateSchema });
export type RevokeCertificateResponse = z.infer<typeof revokeCertificateResponseSchema>;

/**
 * GET /api/public/certificates/:code (no sign-in, rate-limited): what /verify/<code> shows. Only what
 * the certificate itself states; no ids, no email, no revocation reason.
 */
export const certificateVerificationSchema = z.object({
  code: z.string(),
  status: z.enum(['valid', 'revoked']),
  /** null once the holder is erased (crypto-shredded). */
  holderName: z.string().nullable(),
  programName: z.string(),
  activatedAt: z.string().nullable(),
  completedAt: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  log: certificateLogEntrySchema,
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
export const certificateVerificationResponseSchema = z.object({ certificate: certificateVerificationSchema });
export type CertificateVerificationResponse = z.infer<typeof certificateVerificationResponseSchema>;
