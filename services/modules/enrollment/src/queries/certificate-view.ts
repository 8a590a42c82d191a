// A certificate as its screens show it (My Course, Admin Enrollments, the PDF, /verify): the row of
// `certificates` with its holder's name and its program's name, joined by id from the context's own
// copies (the name is null once the holder is erased). Shared by the certificate query handlers.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Certificate } from '@academy/contracts';
import { readModelEm } from '@academy/backend';
import { CertificateRecord } from '../projections/enrollments/certificate.entity.js';
import { Person } from '../projections/enrollments/person.entity.js';
import { Program } from '../projections/enrollments/program.entity.js';
import { ENROLLMENT_PROJECTION } from '../projections/enrollments/enrollments.projection.js';

export interface CertificateViewRow {
  enrollmentId: string;
  code: string;
  studentId: string;
  studentName: string | null;
  programId: string;
  programName: string | null;
  activatedAt: Date | null;
  completedAt: Date;
  issuedAt: Date;
  position: number | string;
  hash: string;
  revokedAt: Date | null;
  revokedReason: string | null;
}

/** `reason`: whether the caller may read the revocation reason (admins). */
export const toCertificate = (r: CertificateViewRow, reason: boolean): Certificate => ({
  enrollmentId: r.enrollmentId,
  code: r.code,
  studentId: r.studentId,
  studentName: r.studentName,
  programId: r.programId,
  programName: r.programName ?? '',
  activatedAt: r.activatedAt?.toISOString() ?? null,
  completedAt: r.completedAt.toISOString(),
  issuedAt: r.issuedAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  revokedReason: reason ? r.revokedReason : null,
  log: { position: Number(r.position), hash: r.hash },
});

/** The view's query, alias `c`: a caller adds its where and order. */
export function certificateView(em: EntityManager) {
  const read = readModelEm(em, ENROLLMENT_PROJECTION);
  return read
    .createQueryBuilder(CertificateRecord, 'c')
    .select([
      'c.enrollmentId',
      'c.code',
      'c.studentId',
      sql.ref('st.full_name').as('studentName'),
      'c.programId',
      sql.ref('p.name').as('programName'),
      'c.activatedAt',
      'c.completedAt',
      'c.issuedAt',
      'c.position',
      'c.hash',
      'c.revokedAt',
      'c.revokedReason',
    ])
    .leftJoin(read.createQueryBuilder(Person), 'st', { 'st.id': sql.ref('c.student_id') })
    .leftJoin(read.createQueryBuilder(Program), 'p', { 'p.id': sql.ref('c.program_id') });
}
