import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { isUuid, PG_POOL, rowsOrNone } from '@academy/backend';
import type { Program, ProgramType, Subject, TeacherAssignment } from '@academy/contracts';
import { CATALOG_PROJECTION } from './catalog.projection.js';

/** Answers wait for this projection: every catalog screen reads it. */
export const CATALOG_READ_MODEL = [CATALOG_PROJECTION] as const;

interface ProgramRow {
  id: string;
  name: string;
  type: ProgramType;
  description: string;
  created_at: Date;
  subject_count: number;
  enrollment_count: number;
}
const toProgram = (r: ProgramRow): Program => ({
  id: r.id,
  name: r.name,
  type: r.type,
  description: r.description,
  createdAt: r.created_at.toISOString(),
  subjectCount: Number(r.subject_count),
  enrollmentCount: Number(r.enrollment_count),
});
const PROGRAMS = `SELECT p.id, p.name, p.type, p.description, p.created_at,
  (SELECT count(*) FROM catalog.subjects s WHERE s.program_id = p.id)::int AS subject_count,
  (SELECT count(*) FROM catalog.enrollments e WHERE e.program_id = p.id)::int AS enrollment_count
  FROM catalog.programs p`;

interface SubjectRow {
  id: string;
  name: string;
  program_id: string;
  program_name: string;
  program_type: ProgramType;
  week_number: number | null;
  description: string;
  created_at: Date;
}
const toSubject = (r: SubjectRow): Subject => ({
  id: r.id,
  name: r.name,
  programId: r.program_id,
  programName: r.program_name,
  programType: r.program_type,
  weekNumber: r.week_number,
  description: r.description,
  createdAt: r.created_at.toISOString(),
});
const SUBJECTS = `SELECT s.id, s.name, s.program_id, coalesce(p.name, '') AS program_name, coalesce(p.type, 'evening') AS program_type, s.week_number, s.description, s.created_at
  FROM catalog.subjects s LEFT JOIN catalog.programs p ON p.id = s.program_id`;
const SUBJECT_ORDER = 'ORDER BY lower(coalesce(p.name, \'\')), lower(s.name), s.id';

interface AssignmentRow {
  id: string;
  teacher_id: string;
  teacher_name: string | null;
  teacher_email: string | null;
  subject_id: string;
  subject_name: string | null;
  program_name: string | null;
  assigned_at: Date;
}
const toAssignment = (r: AssignmentRow): TeacherAssignment => ({
  id: r.id,
  teacherId: r.teacher_id,
  teacherName: r.teacher_name ?? '',
  teacherEmail: r.teacher_email ?? '',
  subjectId: r.subject_id,
  subjectName: r.subject_name ?? '',
  programName: r.program_name ?? '',
  assignedAt: r.assigned_at.toISOString(),
});
const ASSIGNMENTS = `SELECT a.id, a.teacher_id, t.full_name AS teacher_name, t.email AS teacher_email, a.subject_id, s.name AS subject_name, p.name AS program_name, a.assigned_at
  FROM catalog.assignments a JOIN catalog.people t ON t.id = a.teacher_id
  LEFT JOIN catalog.subjects s ON s.id = a.subject_id LEFT JOIN catalog.programs p ON p.id = s.program_id`;

/** Reads of the catalog projection (the schema's views onto the live version). */
@Injectable()
export class CatalogReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async programs(): Promise<Program[]> {
    return (await rowsOrNone(this.pool.query<ProgramRow>(`${PROGRAMS} ORDER BY lower(p.name), p.name, p.id`))).map(toProgram);
  }

  async program(id: string): Promise<Program | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOrNone(this.pool.query<ProgramRow>(`${PROGRAMS} WHERE p.id = $1`, [id]));
    return row ? toProgram(row) : null;
  }

  async subjects(programId?: string): Promise<Subject[]> {
    const rows = programId
      ? await rowsOrNone(this.pool.query<SubjectRow>(`${SUBJECTS} WHERE s.program_id = $1 ${SUBJECT_ORDER}`, [programId]))
      : await rowsOrNone(this.pool.query<SubjectRow>(`${SUBJECTS} ${SUBJECT_ORDER}`));
    return rows.map(toSubject);
  }

  async subject(id: string): Promise<Subject | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOrNone(this.pool.query<SubjectRow>(`${SUBJECTS} WHERE s.id = $1`, [id]));
    return row ? toSubject(row) : null;
  }

  /** The subjects assigned to one teacher (My Subjects). */
  async subjectsOf(teacherId: string): Promise<Subject[]> {
    const rows = await rowsOrNone(
      this.pool.query<SubjectRow>(`${SUBJECTS} WHERE s.id IN (SELECT subject_id FROM catalog.assignments WHERE teacher_id = $1) ${SUBJECT_ORDER}`, [teacherId]),
    );
    return rows.map(toSubject);
  }

  /** Newest first (spec §7). */
  async assignments(): Promise<TeacherAssignment[]> {
    return (await rowsOrNone(this.pool.query<AssignmentRow>(`${ASSIGNMENTS} ORDER BY a.assigned_at DESC, a.id DESC`))).map(toAssignment);
  }

  async assignment(id: string): Promise<TeacherAssignment | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOrNone(this.pool.query<AssignmentRow>(`${ASSIGNMENTS} WHERE a.id = $1`, [id]));
    return row ? toAssignment(row) : null;
  }

  async isLiveTeacher(userId: string): Promise<boolean> {
    return (await rowsOrNone(this.pool.query(`SELECT 1 FROM catalog.people WHERE id = $1 AND role = 'teacher'`, [userId]))).length > 0;
  }

  async programInUse(programId: string): Promise<boolean> {
    const rows = await rowsOrNone(
      this.pool.query(`SELECT 1 WHERE EXISTS (SELECT 1 FROM catalog.subjects WHERE program_id = $1) OR EXISTS (SELECT 1 FROM catalog.enrollments WHERE program_id = $1)`, [programId]),
    );
    return rows.length > 0;
  }

  async subjectHasEnrollments(subjectId: string): Promise<boolean> {
    return (await rowsOrNone(this.pool.query(`SELECT 1 FROM catalog.enrollments WHERE subject_id = $1 LIMIT 1`, [subjectId]))).length > 0;
  }

  async subjectInUse(subjectId: string): Promise<boolean> {
    const rows = await rowsOrNone(
      this.pool.query(`SELECT 1 WHERE EXISTS (SELECT 1 FROM catalog.assignments WHERE subject_id = $1) OR EXISTS (SELECT 1 FROM catalog.enrollments WHERE subject_id = $1)`, [subjectId]),
    );
    return rows.length > 0;
  }
}
