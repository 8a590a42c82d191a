import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lessonsResponseSchema,
  weekResponseSchema,
  weeksResponseSchema,
  type AddTaskRequest,
  type CreateWeekRequest,
  type ReorderTasksRequest,
  type SetCapstoneRequest,
  type UpdateTaskRequest,
  type UpdateWeekRequest,
} from '@academy/contracts';
import { useSession } from '@academy/web-session';

/** Cache keys of the learning answers (weekly content and the student's lessons). */
export const learningKeys = {
  /** Every teacher weeks list, whatever its subject filter: the prefix to refresh after a change. */
  allWeeks: ['teacher', 'weeks'] as const,
  weeks: (subjectId: string | null) => ['teacher', 'weeks', subjectId ?? 'all'] as const,
  lessons: ['student', 'lessons'] as const,
};

const weekPath = (weekId: string, rest = '') => `/api/weeks/${encodeURIComponent(weekId)}${rest}`;

/** GET /api/teacher/weeks[?subjectId=]: the weeks of the teacher's subjects, with their tasks and capstone. */
export function useTeacherWeeksQuery(subjectId: string | null, enabled = true) {
  const { fetch } = useSession();
  const query = subjectId ? `?subjectId=${encodeURIComponent(subjectId)}` : '';
  return useQuery({
    queryKey: learningKeys.weeks(subjectId),
    queryFn: async ({ signal }) => weeksResponseSchema.parse(await fetch<unknown>(`/api/teacher/weeks${query}`, { signal })),
    enabled,
  });
}

/** A change of a week; the answer carries the week as it is now, and every weeks list is read again. */
function useWeekChange<V>(request: (fetch: ReturnType<typeof useSession>['fetch'], vars: V) => Promise<unknown>) {
  const { fetch } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => weekResponseSchema.parse(await request(fetch, vars)),
    onSuccess: () => client.invalidateQueries({ queryKey: learningKeys.allWeeks }),
  });
}

export const useCreateWeekMutation = () => useWeekChange((fetch, body: CreateWeekRequest) => fetch('/api/weeks', { method: 'POST', body }));
export const useUpdateWeekMutation = () => useWeekChange((fetch, { weekId, ...body }: { weekId: string } & UpdateWeekRequest) => fetch(weekPath(weekId), { method: 'PUT', body }));
export const useSetWeekPublishedMutation = () =>
  useWeekChange((fetch, { weekId, published }: { weekId: string; published: boolean }) => fetch(weekPath(weekId, '/published'), { method: 'PUT', body: { published } }));
export const useAddTaskMutation = () => useWeekChange((fetch, { weekId, ...body }: { weekId: string } & AddTaskRequest) => fetch(weekPath(weekId, '/tasks'), { method: 'POST', body }));
export const useUpdateTaskMutation = () =>
  useWeekChange((fetch, { weekId, taskId, ...body }: { weekId: string; taskId: string } & UpdateTaskRequest) =>
    fetch(weekPath(weekId, `/tasks/${encodeURIComponent(taskId)}`), { method: 'PUT', body }),
  );
export const useRemoveTaskMutation = () =>
  useWeekChange((fetch, { weekId, taskId }: { weekId: string; taskId: string }) => fetch(weekPath(weekId, `/tasks/${encodeURIComponent(taskId)}`), { method: 'DELETE' }));
export const useReorderTasksMutation = () =>
  useWeekChange((fetch, { weekId, ...body }: { weekId: string } & ReorderTasksRequest) => fetch(weekPath(weekId, '/tasks/order'), { method: 'PUT', body }));
export const useSetCapstoneMutation = () =>
  useWeekChange((fetch, { weekId, ...body }: { weekId: string } & SetCapstoneRequest) => fetch(weekPath(weekId, '/capstone'), { method: 'PUT', body }));
export const useRemoveCapstoneMutation = () => useWeekChange((fetch, { weekId }: { weekId: string }) => fetch(weekPath(weekId, '/capstone'), { method: 'DELETE' }));

/** GET /api/student/lessons: the published weeks of the student's current week, with their submissions. */
export function useLessonsQuery() {
  const { fetch } = useSession();
  return useQuery({ queryKey: learningKeys.lessons, queryFn: async ({ signal }) => lessonsResponseSchema.parse(await fetch<unknown>('/api/student/lessons', { signal })) });
}
