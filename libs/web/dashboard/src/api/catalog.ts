import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
import { useSession } from '@academy/web-session';

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

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

function useList<T>(queryKey: readonly unknown[], url: string, parse: (json: unknown) => T, enabled = true) {
  const { fetch } = useSession();
  return useQuery({ queryKey, queryFn: async ({ signal }) => parse(await fetch<unknown>(url, { signal })), enabled });
}

/** A change whose answer is parsed with `parse`; resolves once the lists show it. */
function useChange<V, T>(request: (fetch: ReturnType<typeof useSession>['fetch'], vars: V) => Promise<unknown>, parse: (json: unknown) => T) {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({ mutationFn: async (vars: V) => parse(await request(fetch, vars)), onSuccess: () => refreshCatalog(client) });
}

// ── programs ─────────────────────────────────────────────────────────────────────────────────────

/** GET /api/programs (admin). */
export const useProgramsQuery = () => useList(catalogKeys.programs, '/api/programs', (json) => programsResponseSchema.parse(json));
export const useCreateProgramMutation = () =>
  useChange((fetch, body: ProgramRequest) => fetch('/api/programs', { method: 'POST', body }), (json) => programResponseSchema.parse(json));
export const useUpdateProgramMutation = () =>
  useChange((fetch, { id, ...body }: { id: string } & ProgramRequest) => fetch(path('/api/programs', id), { method: 'PUT', body }), (json) => programResponseSchema.parse(json));
export const useDeleteProgramMutation = () =>
  useChange((fetch, id: string) => fetch(path('/api/programs', id), { method: 'DELETE' }), (json) => messageResponseSchema.parse(json));

// ── subjects ─────────────────────────────────────────────────────────────────────────────────────

/** GET /api/subjects (admin): every subject with its program's name and type. */
export const useSubjectsQuery = () => useList(catalogKeys.subjects, '/api/subjects', (json) => subjectsResponseSchema.parse(json));
export const useCreateSubjectMutation = () =>
  useChange((fetch, body: SubjectRequest) => fetch('/api/subjects', { method: 'POST', body }), (json) => subjectResponseSchema.parse(json));
export const useUpdateSubjectMutation = () =>
  useChange((fetch, { id, ...body }: { id: string } & SubjectRequest) => fetch(path('/api/subjects', id), { method: 'PUT', body }), (json) => subjectResponseSchema.parse(json));
export const useDeleteSubjectMutation = () =>
  useChange((fetch, id: string) => fetch(path('/api/subjects', id), { method: 'DELETE' }), (json) => messageResponseSchema.parse(json));

// ── teacher assignments ──────────────────────────────────────────────────────────────────────────

/** GET /api/teacher-assignments (admin), newest first. */
export const useTeacherAssignmentsQuery = () => useList(catalogKeys.assignments, '/api/teacher-assignments', (json) => teacherAssignmentsResponseSchema.parse(json));
export const useAssignTeacherMutation = () =>
  useChange((fetch, body: AssignTeacherRequest) => fetch('/api/teacher-assignments', { method: 'POST', body }), (json) => teacherAssignmentResponseSchema.parse(json));
export const useRemoveAssignmentMutation = () =>
  useChange((fetch, id: string) => fetch(path('/api/teacher-assignments', id), { method: 'DELETE' }), (json) => messageResponseSchema.parse(json));

/** GET /api/teacher/subjects (teacher): the caller's subjects. */
export const useMySubjectsQuery = () => useList(catalogKeys.mySubjects, '/api/teacher/subjects', (json) => mySubjectsResponseSchema.parse(json));

// ── enrollments ──────────────────────────────────────────────────────────────────────────────────

/** GET /api/enrollments (admin), newest first. */
export const useEnrollmentsQuery = (options: { enabled?: boolean } = {}) =>
  useList(catalogKeys.enrollments, '/api/enrollments', (json) => enrollmentsResponseSchema.parse(json), options.enabled);
/** GET /api/enrollment-counts (admin, student admin): enrollments per status. */
export const useEnrollmentCountsQuery = () => useList(catalogKeys.enrollmentCounts, '/api/enrollment-counts', (json) => enrollmentCountsResponseSchema.parse(json));
export const useEnrollStudentMutation = () =>
  useChange((fetch, body: EnrollStudentRequest) => fetch('/api/enrollments', { method: 'POST', body }), (json) => enrollmentResponseSchema.parse(json));
/** PUT /api/enrollments/:id/status with the row's version: a concurrent change answers 409. */
export const useChangeEnrollmentStatusMutation = () =>
  useChange(
    (fetch, { id, ...body }: { id: string } & ChangeEnrollmentStatusRequest) => fetch(path('/api/enrollments', id) + '/status', { method: 'PUT', body }),
    (json) => enrollmentResponseSchema.parse(json),
  );
/** POST /api/enrollments/import: a dry run checks every row; otherwise all rows are enrolled or none. */
export const useImportEnrollmentsMutation = () =>
  useChange((fetch, body: ImportEnrollmentsRequest) => fetch('/api/enrollments/import', { method: 'POST', body }), (json) => importEnrollmentsResponseSchema.parse(json));

/** GET /api/student/enrollment (student): the caller's active enrollment, or null. */
export const useMyEnrollmentQuery = () => useList(catalogKeys.myEnrollment, '/api/student/enrollment', (json) => myEnrollmentResponseSchema.parse(json));
