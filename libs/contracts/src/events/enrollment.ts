import { z } from 'zod';
import { ENROLLMENT_STATUSES } from '../http/enrollment.js';
import { type EventData, publishedEvent } from './published-event.js';

// The enrollment context's published events: what other contexts may consume (ADR 0017).

// ── integration events (stream enrollment-<id>) ──────────────────────────────────────────────────

export const ENROLLMENT_EVENTS = {
  StudentEnrolled: 'StudentEnrolled',
  EnrollmentStatusChanged: 'EnrollmentStatusChanged',
  EnrollmentWeekAdvanced: 'EnrollmentWeekAdvanced',
  CertificateIssued: 'CertificateIssued',
  CertificateRevoked: 'CertificateRevoked',
} as const;
export type EnrollmentEventType = (typeof ENROLLMENT_EVENTS)[keyof typeof ENROLLMENT_EVENTS];

const id = z.string().min(1);

export const StudentEnrolledV1 = publishedEvent(
  ENROLLMENT_EVENTS.StudentEnrolled,
  1,
  z.object({
    enrollmentId: id,
    /** ENR-<year>-<nnnn>. */
    code: z.string(),
    studentId: id,
    programId: id,
    subjectId: id,
  }),
);
export type StudentEnrolledData = EventData<typeof StudentEnrolledV1>;

export const EnrollmentStatusChangedV1 = publishedEvent(
  ENROLLMENT_EVENTS.EnrollmentStatusChanged,
  1,
  z.object({
    enrollmentId: id,
    status: z.enum(ENROLLMENT_STATUSES),
    previousStatus: z.enum(ENROLLMENT_STATUSES),
    /** Set when this change stamps it (first activation). */
    activatedAt: z.string().optional(),
    /** Set when the status becomes completed. */
    completedAt: z.string().optional(),
  }),
);
export type EnrollmentStatusChangedData = EventData<typeof EnrollmentStatusChangedV1>;

/**
 * v1 as it was written until ADR 0017: `week` (the enrollment's new current week, which the name did
 * not say) and `capstoneId` only when a capstone caused it. Kept to read the stored v1 events.
 */
export const enrollmentWeekAdvancedV1Schema = z.object({ enrollmentId: id, week: z.number().int(), capstoneId: z.string().optional() });
export type EnrollmentWeekAdvancedDataV1 = z.output<typeof enrollmentWeekAdvancedV1Schema>;

/**
 * v2 (ADR 0017): `currentWeek` says what the number is, and the cause is explicit: the capstone whose
 * first pass advanced the week (at most one advance per capstone), null when none is known (a v1
 * event written without one). Stored v1 events are upcast on read; the log is never rewritten.
 */
export const EnrollmentWeekAdvancedV2 = publishedEvent(
  ENROLLMENT_EVENTS.EnrollmentWeekAdvanced,
  2,
  z.object({ enrollmentId: id, currentWeek: z.number().int().min(1), capstoneId: z.string().nullable() }),
  {
    upcasters: {
      1: (v1: EnrollmentWeekAdvancedDataV1) => ({ enrollmentId: v1.enrollmentId, currentWeek: v1.week, capstoneId: v1.capstoneId ?? null }),
    },
  },
);
export type EnrollmentWeekAdvancedData = EventData<typeof EnrollmentWeekAdvancedV2>;

// ── certificates of completion (stream certificate-<enrollmentId>, ADR 0030) ─────────────────────

/**
 * Issued in the same append as the EnrollmentStatusChanged that completes the enrollment, at most once
 * per enrollment. `code` is the public verification code (128 random bits, base64url): whoever holds
 * it may verify, so it is not personal data; the holder's name is never copied here (the screens join
 * the person, gone once erased).
 */
export const CertificateIssuedV1 = publishedEvent(
  ENROLLMENT_EVENTS.CertificateIssued,
  1,
  z.object({
    enrollmentId: id,
    code: z.string().min(22),
    studentId: id,
    programId: id,
    /** When the enrollment was first activated (null: completed without ever being active). */
    activatedAt: z.string().nullable(),
    completedAt: z.string(),
  }),
);
export type CertificateIssuedData = EventData<typeof CertificateIssuedV1>;

/** An admin revoked the certificate; the reason is free text about the holder, so it is personal (erased with them). */
export const CertificateRevokedV1 = publishedEvent(
  ENROLLMENT_EVENTS.CertificateRevoked,
  1,
  z.object({ enrollmentId: id, code: z.string() }),
  { personal: z.object({ reason: z.string() }) },
);
export type CertificateRevokedData = EventData<typeof CertificateRevokedV1>;

export const ENROLLMENT_PUBLISHED_EVENTS = [StudentEnrolledV1, EnrollmentStatusChangedV1, EnrollmentWeekAdvancedV2, CertificateIssuedV1, CertificateRevokedV1] as const;
