import { z } from 'zod';
import { text } from '../text.js';

// The catalog context's HTTP surface (spec §2 admin Programs, Subjects, Teacher Assignments; teacher
// My Subjects; §3, §5, §8). Every endpoint lives under /api. Errors are ApiError (identity.ts).

export const PROGRAM_TYPES = ['evening', 'daytime'] as const;
export const programTypeSchema = z.enum(PROGRAM_TYPES, { error: 'Choose evening or daytime' });
export type ProgramType = z.infer<typeof programTypeSchema>;
/** The schedule line of My Course (spec §2, §9). */
export const PROGRAM_SCHEDULES: Record<ProgramType, string> = { evening: 'Mon-Fri, 1 hour daily', daytime: 'Mon-Fri, 1hr lecture + 8hr support' };
/** Weeks of every programme (spec §9). */
export const PROGRAM_WEEKS = 20;

const name = (label: string, max = 200) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const description = text().trim().max(5000, 'Description must be at most 5000 characters').optional().default('');
const id = (label: string) => z.uuid({ error: `Choose a ${label}` });

// ── programs (admin) ─────────────────────────────────────────────────────────────────────────────

export const programSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: programTypeSchema,
  description: z.string(),
  createdAt: z.string(),
  /** Live subjects of the program. */
  subjectCount: z.number().int(),
  /** Enrollments of the program whatever their status (from the enrollment context's events). */
  enrollmentCount: z.number().int(),
});
export type Program = z.infer<typeof programSchema>;

/** GET /api/programs (admin) → by name. */
export const programsResponseSchema = z.object({ programs: z.array(programSchema) });
export type ProgramsResponse = z.infer<typeof programsResponseSchema>;

/** POST /api/programs (admin) → 201 ProgramResponse; PUT /api/programs/:id → 200; DELETE → 200 MessageResponse, 409 programInUse. */
export const programRequestSchema = z.object({ name: name('Name'), type: programTypeSchema.optional().default('evening'), description });
export type ProgramRequest = z.input<typeof programRequestSchema>;
export const programResponseSchema = z.object({ message: z.string(), program: programSchema });

// ── subjects (admin) ─────────────────────────────────────────────────────────────────────────────

export const subjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  programId: z.string(),
  programName: z.string(),
  programType: programTypeSchema,
  /** 1–20 or null. */
  weekNumber: z.number().int().nullable(),
  description: z.string(),
  createdAt: z.string(),
});
export type Subject = z.infer<typeof subjectSchema>;

/** GET /api/subjects[?programId=] (admin) → by program name, then name. */
export const subjectsResponseSchema = z.object({ subjects: z.array(subjectSchema) });
export type SubjectsResponse = z.infer<typeof subjectsResponseSchema>;
export const subjectsQuerySchema = z.object({ programId: z.uuid({ error: 'programId must be an id' }).optional() });

/** POST /api/subjects (admin) → 201 SubjectResponse; PUT /api/subjects/:id → 200 (409 subjectHasEnrollments when it would move program under enrollments); DELETE → 200 MessageResponse, 409 subjectInUse. */
export const subjectRequestSchema = z.object({
  name: name('Name'),
  programId: id('program'),
  weekNumber: z
    .number({ error: 'Week number must be a whole number from 1 to 20' })
    .int('Week number must be a whole number from 1 to 20')
    .min(1, 'Week number must be a whole number from 1 to 20')
    .max(PROGRAM_WEEKS, 'Week number must be a whole number from 1 to 20')
    .nullable()
    .optional()
    .default(null),
  description,
});
export type SubjectRequest = z.input<typeof subjectRequestSchema>;
export const subjectResponseSchema = z.object({ message: z.string(), subject: subjectSchema });

// ── teacher assignments (admin) and My Subjects (teacher) ────────────────────────────────────────

export const teacherAssignmentSchema = z.object({
  id: z.string(),
  teacherId: z.string(),
  teacherName: z.string(),
  teacherEmail: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  programName: z.string(),
  assignedAt: z.string(),
});
export type TeacherAssignment = z.infer<typeof teacherAssignmentSchema>;

/** GET /api/teacher-assignments (admin) → newest first (spec §7: ordered by assigned_at descending). */
export const teacherAssignmentsResponseSchema = z.object({ assignments: z.array(teacherAssignmentSchema) });
export type TeacherAssignmentsResponse = z.infer<typeof teacherAssignmentsResponseSchema>;

/** POST /api/teacher-assignments (admin) → 201 { message: 'Teacher assigned successfully', assignment }; 409 alreadyAssigned; 400 fields.teacherId notATeacher. DELETE /api/teacher-assignments/:id → 200 { message: 'Assignment removed' }. */
export const assignTeacherRequestSchema = z.object({ teacherId: id('teacher'), subjectId: id('subject') });
export type AssignTeacherRequest = z.infer<typeof assignTeacherRequestSchema>;
export const teacherAssignmentResponseSchema = z.object({ message: z.string(), assignment: teacherAssignmentSchema });

/** GET /api/teacher/subjects (teacher) → the caller's assigned subjects (spec §2 My Subjects). */
export const mySubjectsResponseSchema = z.object({ subjects: z.array(subjectSchema) });
export type MySubjectsResponse = z.infer<typeof mySubjectsResponseSchema>;
