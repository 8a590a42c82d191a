import { defineEntity, p } from '@mikro-orm/core';

/**
 * `certificates`: one row per issued certificate of completion (ADR 0030), keyed by its enrollment.
 * It outlives the enrollment's row (UserDeleted removes a student's enrollments, not the fact that a
 * certificate was issued): the holder's name is joined from `people`, so it is gone once they are
 * erased. `position` and `hash` are those of the CertificateIssued event in the verifiable log.
 */
export const CertificateRecord = defineEntity({
  name: 'EnrollmentCertificate',
  tableName: 'certificates',
  properties: {
    enrollmentId: p.uuid().primary(),
    // The public lookup (/verify/<code>).
    code: p.text().unique('certificates_code_key'),
    studentId: p.uuid().index('certificates_student_idx'),
    programId: p.uuid(),
    activatedAt: p.datetime().nullable(),
    completedAt: p.datetime(),
    issuedAt: p.datetime(),
    position: p.bigint('number'),
    hash: p.text(),
    revokedAt: p.datetime().nullable(),
    /** The admin's reason (decrypted; null once the holder is erased). */
    revokedReason: p.text().nullable(),
  },
});
