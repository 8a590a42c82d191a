import type { QueryClient } from '@tanstack/react-query';
import {
  enrollmentResponseSchema,
  enrollmentsResponseSchema,
  enrollmentCountsResponseSchema,
  importEnrollmentsResponseSchema,
  messageResponseSchema,
  myEnrollmentResponseSchema,
  mySubjectsResponseSchema,
  programResponseSchema,
  programsResponseSchema,
  subjectResponseSchema,
  subjectsResponseSchema,
  teacherAssignmentResponseSchema,
  teacherAssignmentsResponseSchema,
  type AssignTeacherRequest,
  type ChangeEnrollmentStatusRequest,
  type EnrollStudentRequest,
  type ImportEnrollmentsRequest,
  type ProgramRequest,
  type SubjectRequest,
} from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

/** Cache keys of the catalog and enrollment answers, for invalidation after a change. */
export const catalogKeys = {
  programs: ['programs'] as const,
  subjects: ['subjects'] as const,
  assignments: ['teacher-assignments'] as const,
  enrollments: ['enrollments'] as const,
  enrollmentCounts: ['enrollments', 'counts'] as const,
  mySubjects: ['teacher', 'subjects'] as const,
  myEnrollment: ['student', 'enrollment'] as const,
};

/**
 * Programs, subjects, assignments and enrollments show each other's names and counts (a subject its
 * program, a program its subjects and enrollments): any change refreshes all of them.
 */
export function refreshCatalog(client: QueryClient): Promise<unknown> {
  return Promise.all([catalogKeys.programs, catalogKeys.subjects, catalogKeys.assignments, catalogKeys.enrollments].map((queryKey) => client.invalidateQueries({ queryKey })));
}

// ── programs ─────────────────────────────────────────────────────────────────────────────────────
// Every change refreshes the catalog (refreshCatalog) and resolves once the lists show it.

/** GET /api/programs (admin). */
export const useProgramsQuery = () => useApiQuery(catalogKeys.programs, '/api/programs', programsResponseSchema);
export const useCreateProgramMutation = () => useApiMutation((body: ProgramRequest) => ({ path: '/api/programs', body }), programResponseSchema, { onSuccess: refreshCatalog });
export const useUpdateProgramMutation = () =>
  useApiMutation(({ id, ...body }: { id: string } & ProgramRequest) => ({ path: pathOf('/api/programs', id), method: 'PUT', body }), programResponseSchema, { onSuccess: refreshCatalog });
export const useDeleteProgramMutation = () => useApiMutation((id: string) => ({ path: pathOf('/api/programs', id), method: 'DELETE' }), messageResponseSchema, { onSuccess: refreshCatalog });

// ── subjects ─────────────────────────────────────────────────────────────────────────────────────

/** GET /api/subjects (admin): every subject with its program's name and type. */
export const useSubjectsQuery = () => useApiQuery(catalogKeys.subjects, '/api/subjects', subjectsResponseSchema);
export const useCreateSubjectMutation = () => useApiMutation((body: SubjectRequest) => ({ path: '/api/subjects', body }), subjectResponseSchema, { onSuccess: refreshCatalog });
export const useUpdateSubjectMutation = () =>
  useApiMutation(({ id, ...body }: { id: string } & SubjectRequest) => ({ path: pathOf('/api/subjects', id), method: 'PUT', body }), subjectResponseSchema, { onSuccess: refreshCatalog });
export const useDeleteSubjectMutation = () => useApiMutation((id: string) => ({ path: pathOf('/api/subjects', id), method: 'DELETE' }), messageResponseSchema, { onSuccess: refreshCatalog });

// ── teacher assignments ──────────────────────────────────────────────────────────────────────────

/** GET /api/teacher-assignments (admin), newest first. */
export const useTeacherAssignmentsQuery = () => useApiQuery(catalogKeys.assignments, '/api/teacher-assignments', teacherAssignmentsResponseSchema);
export const useAssignTeacherMutation = () =>
  useApiMutation((body: AssignTeacherRequest) => ({ path: '/api/teacher-assignments', body }), teacherAssignmentResponseSchema, { onSuccess: refreshCatalog });
export const useRemoveAssignmentMutation = () =>
  useApiMutation((id: string) => ({ path: pathOf('/api/teacher-assignments', id), method: 'DELETE' }), messageResponseSchema, { onSuccess: refreshCatalog });

/** GET /api/teacher/subjects (teacher): the caller's subjects. */
export const useMySubjectsQuery = () => useApiQuery(catalogKeys.mySubjects, '/api/teacher/subjects', mySubjectsResponseSchema);

// ── enrollments ──────────────────────────────────────────────────────────────────────────────────

/** GET /api/enrollments (admin), newest first. */
export const useEnrollmentsQuery = (options: { enabled?: boolean } = {}) => useApiQuery(catalogKeys.enrollments, '/api/enrollments', enrollmentsResponseSchema, options);
/** GET /api/enrollment-counts (admin, student admin): enrollments per status. */
export const useEnrollmentCountsQuery = () => useApiQuery(catalogKeys.enrollmentCounts, '/api/enrollment-counts', enrollmentCountsResponseSchema);
export const useEnrollStudentMutation = () => useApiMutation((body: EnrollStudentRequest) => ({ path: '/api/enrollments', body }), enrollmentResponseSchema, { onSuccess: refreshCatalog });
/** PUT /api/enrollments/:id/status with the row's version: a concurrent change answers 409. */
export const useChangeEnrollmentStatusMutation = () =>
  useApiMutation(
    ({ id, ...body }: { id: string } & ChangeEnrollmentStatusRequest) => ({ path: pathOf('/api/enrollments', id, '/status'), method: 'PUT', body }),
    enrollmentResponseSchema,
    { onSuccess: refreshCatalog },
  );
/** POST /api/enrollments/import: a dry run checks every row; otherwise all rows are enrolled or none. */
export const useImportEnrollmentsMutation = () =>
  useApiMutation((body: ImportEnrollmentsRequest) => ({ path: '/api/enrollments/import', body }), importEnrollmentsResponseSchema, { onSuccess: refreshCatalog });

/** GET /api/student/enrollment (student): the caller's active enrollment, or null. */
export const useMyEnrollmentQuery = () => useApiQuery(catalogKeys.myEnrollment, '/api/student/enrollment', myEnrollmentResponseSchema);
