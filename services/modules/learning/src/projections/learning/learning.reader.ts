import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { isUuid, PG_POOL, preparedQuery, rowsOrNone } from '@academy/backend';
import type { Capstone, GradeStatus, LessonsResponse, LessonSubmission, LessonWeek, ProgramType, Task, Week } from '@academy/contracts';
import { LEARNING_PROJECTION } from './learning.projection.js';

/** Answers wait for this projection: every learning screen reads it. */
export const LEARNING_READ_MODEL = [LEARNING_PROJECTION] as const;

interface WeekRow {
  id: string;
  subject_id: string;
  subject_name: string | null;
  program_id: string | null;
  program_name: string | null;
  week_number: number;
  title: string;
  objectives: string;
  is_published: boolean;
  created_at: Date;
  version: number;
}
interface TaskRow {
  id: string;
  week_id: string;
  day_number: number;
  title: string;
  description: string;
  instructions: string;
  due_at: Date | null;
}
type CapstoneRow = Omit<TaskRow, 'day_number'>;
interface WorkRow {
  item_id: string;
  submission_id: string;
  github_url: string;
  notes: string;
  submitted_at: Date;
  late: boolean;
  attempt: number;
  grade_status: GradeStatus | null;
  score: string | null;
  feedback: string | null;
}

const WEEKS = `SELECT w.id, w.subject_id, s.name AS subject_name, s.program_id, p.name AS program_name, w.week_number, w.title, w.objectives, w.is_published,
  w.created_at, w.version FROM learning.weeks w LEFT JOIN learning.subjects s ON s.id = w.subject_id LEFT JOIN learning.programs p ON p.id = s.program_id`;

const toTask = (r: TaskRow): Task => ({
  id: r.id,
  weekId: r.week_id,
  dayNumber: r.day_number,
  title: r.title,
  description: r.description,
  instructions: r.instructions,
  dueAt: r.due_at?.toISOString() ?? null,
});
const toCapstone = (r: CapstoneRow): Capstone => ({
  id: r.id,
  weekId: r.week_id,
  title: r.title,
  description: r.description,
  instructions: r.instructions,
  dueAt: r.due_at?.toISOString() ?? null,
});
const toSubmission = (r: WorkRow): LessonSubmission => ({
  submissionId: r.submission_id,
  githubUrl: r.github_url,
  notes: r.notes,
  submittedAt: r.submitted_at.toISOString(),
  late: r.late,
  attempt: r.attempt,
  gradeStatus: r.grade_status,
  score: r.score === null ? null : Number(r.score),
  feedback: r.feedback,
  canResubmit: r.grade_status === 'needs_revision',
});

/**
 * Weekly Lessons in one round trip: the active enrollment (the latest activated), its program's
 * published weeks of the current week (by subject name), their tasks (by day) and capstone (last, a
 * null day), and the student's latest attempt at each item. Every join is an index lookup:
 * enrollments_student_idx, subjects_program_idx, weeks (subject_id, week_number), tasks_week_idx,
 * capstones (week_id), work's primary key. Keep services/api/bench/learning-baseline.ts in step.
 */
export const LESSONS = `WITH e AS (
    SELECT e.id, e.program_id, e.current_week FROM learning.enrollments e
    WHERE e.student_id = $1 AND e.status = 'active' ORDER BY e.activated_at DESC NULLS LAST, e.enrolled_at DESC LIMIT 1
  ), wk AS (
    SELECT w.id, w.subject_id, s.name AS subject_name, w.week_number, w.title, w.objectives
    FROM e JOIN learning.subjects s ON s.program_id = e.program_id
    JOIN learning.weeks w ON w.subject_id = s.id AND w.week_number = e.current_week AND w.is_published
  ), it AS (
    SELECT t.week_id, t.id, t.day_number, t.title, t.description, t.instructions, t.due_at FROM learning.tasks t WHERE t.week_id IN (SELECT id FROM wk)
    UNION ALL
    SELECT c.week_id, c.id, NULL, c.title, c.description, c.instructions, c.due_at FROM learning.capstones c WHERE c.week_id IN (SELECT id FROM wk)
  )
  SELECT e.id AS enrollment_id, e.program_id, p.name AS program_name, p.type AS program_type, e.current_week,
    wk.id AS week_id, wk.subject_id, wk.subject_name, wk.week_number, wk.title AS week_title, wk.objectives,
    it.id AS item_id, it.day_number, it.title AS item_title, it.description, it.instructions, it.due_at,
    k.submission_id, k.github_url, k.notes, k.submitted_at, k.late, k.attempt, k.grade_status, k.score, k.feedback
  FROM e LEFT JOIN learning.programs p ON p.id = e.program_id
  LEFT JOIN wk ON true
  LEFT JOIN it ON it.week_id = wk.id
  LEFT JOIN learning.work k ON k.student_id = $1 AND k.item_id = it.id
  ORDER BY wk.subject_name, wk.id, it.day_number NULLS LAST`;

/** A row of LESSONS: the enrollment's columns always; a week's, an item's and a work's when there is one. */
type LessonRow = { enrollment_id: string; program_id: string; program_name: string | null; program_type: ProgramType | null; current_week: number } & {
  week_id: string | null;
  subject_id: string | null;
  subject_name: string | null;
  week_number: number | null;
  week_title: string | null;
  objectives: string | null;
  item_id: string | null;
  day_number: number | null;
  item_title: string | null;
  description: string | null;
  instructions: string | null;
  due_at: Date | null;
} & { [K in keyof WorkRow]: WorkRow[K] | null };

export interface SubjectRow {
  id: string;
  program_id: string;
  name: string;
}

/** Reads of the learning projection (the schema's views onto the live version). */
@Injectable()
export class LearningReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async subject(id: string): Promise<SubjectRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOrNone(this.pool.query<SubjectRow>('SELECT id, program_id, name FROM learning.subjects WHERE id = $1', [id]));
    return row ?? null;
  }

  async isAssigned(teacherId: string, subjectId: string): Promise<boolean> {
    return (await rowsOrNone(this.pool.query('SELECT 1 FROM learning.assignments WHERE teacher_id = $1 AND subject_id = $2', [teacherId, subjectId]))).length > 0;
  }

  /** Whether the subject exists and `teacherId` teaches it: the check before every week command, one prepared statement. */
  async teacherAccess(teacherId: string, subjectId: string): Promise<{ subjectExists: boolean; assigned: boolean }> {
    if (!isUuid(subjectId) || !isUuid(teacherId)) return { subjectExists: false, assigned: false };
    const [row] = await rowsOrNone(
      preparedQuery<{ subject: boolean; assigned: boolean }>(
        this.pool,
        'learning.teacher-access',
        `SELECT EXISTS (SELECT 1 FROM learning.subjects WHERE id = $2) AS subject,
                EXISTS (SELECT 1 FROM learning.assignments WHERE teacher_id = $1 AND subject_id = $2) AS assigned`,
        [teacherId, subjectId],
      ),
    );
    return { subjectExists: row?.subject === true, assigned: row?.subject === true && row.assigned === true };
  }

  /** The subject of a week (null: no such week). */
  async subjectOfWeek(weekId: string): Promise<string | null> {
    if (!isUuid(weekId)) return null;
    const [row] = await rowsOrNone(this.pool.query<{ subject_id: string }>('SELECT subject_id FROM learning.weeks WHERE id = $1', [weekId]));
    return row?.subject_id ?? null;
  }

  /** Weeks with their tasks and capstone: of one subject, and/or of the subjects assigned to a teacher. */
  async weeks(filter: { subjectId?: string; teacherId?: string; weekId?: string }): Promise<Week[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.weekId) where.push(`w.id = $${params.push(filter.weekId)}`);
    if (filter.subjectId) where.push(`w.subject_id = $${params.push(filter.subjectId)}`);
    if (filter.teacherId) where.push(`w.subject_id IN (SELECT subject_id FROM learning.assignments WHERE teacher_id = $${params.push(filter.teacherId)})`);
    const rows = await rowsOrNone(
      this.pool.query<WeekRow>(`${WEEKS} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY s.name, w.week_number`, params),
    );
    const ids = rows.map((r) => r.id);
    const { tasks, capstones } = await this.items(ids);
    return rows.map((r) => ({
      id: r.id,
      subjectId: r.subject_id,
      subjectName: r.subject_name ?? '',
      programId: r.program_id ?? '',
      programName: r.program_name ?? '',
      weekNumber: r.week_number,
      title: r.title,
      objectives: r.objectives,
      isPublished: r.is_published,
      tasks: tasks.filter((t) => t.weekId === r.id),
      capstone: capstones.find((c) => c.weekId === r.id) ?? null,
      createdAt: r.created_at.toISOString(),
      version: r.version,
    }));
  }

  async week(weekId: string): Promise<Week | null> {
    if (!isUuid(weekId)) return null;
    return (await this.weeks({ weekId }))[0] ?? null;
  }

  private async items(weekIds: string[]): Promise<{ tasks: Task[]; capstones: Capstone[] }> {
    if (!weekIds.length) return { tasks: [], capstones: [] };
    const [tasks, capstones] = await Promise.all([
      rowsOrNone(this.pool.query<TaskRow>('SELECT * FROM learning.tasks WHERE week_id = ANY($1::uuid[]) ORDER BY day_number', [weekIds])),
      rowsOrNone(this.pool.query<CapstoneRow>('SELECT * FROM learning.capstones WHERE week_id = ANY($1::uuid[])', [weekIds])),
    ]);
    return { tasks: tasks.map(toTask), capstones: capstones.map(toCapstone) };
  }

  /**
   * Student Weekly Lessons: the published weeks numbered the current week of the ACTIVE enrollment,
   * across its program's subjects, with their items and the student's latest attempt at each. One
   * statement (the screen's hottest read, see docs/benchmarks.md): a row per item, or a single row
   * with only the enrollment's columns when it has no published week (no row: no active enrollment).
   */
  async lessons(studentId: string): Promise<LessonsResponse> {
    const rows = await rowsOrNone(preparedQuery<LessonRow>(this.pool, 'learning.lessons', LESSONS, [studentId]));
    const first = rows[0];
    if (!first) return { enrollment: null, weeks: [] };
    const weeks: LessonWeek[] = [];
    for (const r of rows) {
      if (r.week_id === null) continue;
      let week = weeks[weeks.length - 1];
      if (week?.id !== r.week_id) {
        week = { id: r.week_id, subjectId: r.subject_id!, subjectName: r.subject_name!, weekNumber: r.week_number!, title: r.week_title!, objectives: r.objectives!, tasks: [], capstone: null };
        weeks.push(week);
      }
      if (r.item_id === null) continue;
      const item = { id: r.item_id, weekId: r.week_id, title: r.item_title!, description: r.description!, instructions: r.instructions!, dueAt: r.due_at?.toISOString() ?? null };
      const submission = r.submission_id === null ? null : toSubmission(r as WorkRow);
      if (r.day_number === null) week.capstone = { ...item, submission };
      else week.tasks.push({ ...item, dayNumber: r.day_number, submission });
    }
    return {
      enrollment: {
        enrollmentId: first.enrollment_id,
        programId: first.program_id,
        programName: first.program_name ?? '',
        programType: first.program_type ?? 'evening',
        currentWeek: first.current_week,
      },
      weeks,
    };
  }
}
