import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { isUuid, PG_POOL, rowsOrNone } from '@academy/backend';
import { ENROLLMENT_STATUSES, type Enrollment, type EnrollmentStatus, type ProgramType } from '@academy/contracts';
import { ENROLLMENT_PROJECTION } from './enrollments.projection.js';

/** Answers wait for this projection: every enrollment screen reads it. */
export const ENROLLMENT_READ_MODEL = [ENROLLMENT_PROJECTION] as const;

interface EnrollmentRow {
  id: string;
  code: string;
  student_id: string;
  student_name: string | null;
  student_email: string | null;
  program_id: string;
  program_name: string | null;
  program_type: ProgramType | null;
  program_description: string | null;
  subject_id: string;
  subject_name: string | null;
  status: EnrollmentStatus;
  current_week: number;
  enrolled_at: Date;
  activated_at: Date | null;
  completed_at: Date | null;
  version: number;
}
const toEnrollment = (r: EnrollmentRow): Enrollment => ({
  id: r.id,
  code: r.code,
  studentId: r.student_id,
  studentName: r.student_name ?? '',
  studentEmail: r.student_email ?? '',
  programId: r.program_id,
  programName: r.program_name ?? '',
  programType: r.program_type ?? 'evening',
  programDescription: r.program_description ?? '',
  subjectId: r.subject_id,
  subjectName: r.subject_name ?? '',
  status: r.status,
  currentWeek: r.current_week,
  enrolledAt: r.enrolled_at.toISOString(),
  activatedAt: r.activated_at?.toISOString() ?? null,
  completedAt: r.completed_at?.toISOString() ?? null,
  version: r.version,
});
const ENROLLMENTS = `SELECT e.id, e.code, e.student_id, st.full_name AS student_name, st.email AS student_email, e.program_id, p.name AS program_name,
  p.type AS program_type, p.description AS program_description, e.subject_id, s.name AS subject_name, e.status, e.current_week, e.enrolled_at,
  e.activated_at, e.completed_at, e.version
  FROM enrollment.enrollments e LEFT JOIN enrollment.people st ON st.id = e.student_id
  LEFT JOIN enrollment.programs p ON p.id = e.program_id LEFT JOIN enrollment.subjects s ON s.id = e.subject_id`;

export interface PersonRow {
  id: string;
  role: string;
  email: string | null;
}
export interface ProgramRow {
  id: string;
  name: string;
}
export interface SubjectRow {
  id: string;
  program_id: string;
  name: string;
}

/** Reads of the enrollment projection (the schema's views onto the live version). */
@Injectable()
export class EnrollmentsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** How many enrollments are in each status (every status, 0 when none). */
  async countsByStatus(): Promise<Record<EnrollmentStatus, number>> {
    const rows = await rowsOrNone(this.pool.query<{ status: EnrollmentStatus; n: number }>('SELECT status, count(*)::int AS n FROM enrollment.enrollments GROUP BY status'));
    const counts = Object.fromEntries(ENROLLMENT_STATUSES.map((s) => [s, 0])) as Record<EnrollmentStatus, number>;
    for (const r of rows) if (r.status in counts) counts[r.status] = r.n;
    return counts;
  }

  /** Newest first. */
  async list(): Promise<Enrollment[]> {
    return (await rowsOrNone(this.pool.query<EnrollmentRow>(`${ENROLLMENTS} ORDER BY e.enrolled_at DESC, e.code DESC`))).map(toEnrollment);
  }

  async byId(id: string): Promise<Enrollment | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOrNone(this.pool.query<EnrollmentRow>(`${ENROLLMENTS} WHERE e.id = $1`, [id]));
    return row ? toEnrollment(row) : null;
  }

  /** The student's active enrollment (the newest, should there be several in different programs). */
  async activeOf(studentId: string): Promise<Enrollment | null> {
    const [row] = await rowsOrNone(
      this.pool.query<EnrollmentRow>(`${ENROLLMENTS} WHERE e.student_id = $1 AND e.status = 'active' ORDER BY e.activated_at DESC NULLS LAST, e.enrolled_at DESC LIMIT 1`, [studentId]),
    );
    return row ? toEnrollment(row) : null;
  }

  async isLiveStudent(userId: string): Promise<boolean> {
    return (await rowsOrNone(this.pool.query(`SELECT 1 FROM enrollment.people WHERE id = $1 AND role = 'student'`, [userId]))).length > 0;
  }

  async program(id: string): Promise<ProgramRow | null> {
    const [row] = await rowsOrNone(this.pool.query<ProgramRow>('SELECT id, name FROM enrollment.programs WHERE id = $1', [id]));
    return row ?? null;
  }

  async subject(id: string): Promise<SubjectRow | null> {
    const [row] = await rowsOrNone(this.pool.query<SubjectRow>('SELECT id, program_id, name FROM enrollment.subjects WHERE id = $1', [id]));
    return row ?? null;
  }

  /** Everything a CSV check needs, in one snapshot each. */
  async lookups(): Promise<{ people: PersonRow[]; programs: ProgramRow[]; subjects: SubjectRow[]; unfinished: { student_id: string; program_id: string }[] }> {
    const [people, programs, subjects, unfinished] = await Promise.all([
      rowsOrNone(this.pool.query<PersonRow>('SELECT id, role, email FROM enrollment.people WHERE email IS NOT NULL')),
      rowsOrNone(this.pool.query<ProgramRow>('SELECT id, name FROM enrollment.programs')),
      rowsOrNone(this.pool.query<SubjectRow>('SELECT id, program_id, name FROM enrollment.subjects')),
      rowsOrNone(this.pool.query<{ student_id: string; program_id: string }>(`SELECT student_id, program_id FROM enrollment.enrollments WHERE status IN ('pending', 'active')`)),
    ]);
    return { people, programs, subjects, unfinished };
  }
}
