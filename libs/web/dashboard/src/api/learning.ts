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
import { pathOf, useApiMutation, useApiQuery, type ApiCall } from './api-hooks';

/** Cache keys of the learning answers (weekly content and the student's lessons). */
export const learningKeys = {
  /** Every teacher weeks list, whatever its subject filter: the prefix to refresh after a change. */
  allWeeks: ['teacher', 'weeks'] as const,
  weeks: (subjectId: string | null) => ['teacher', 'weeks', subjectId ?? 'all'] as const,
  lessons: ['student', 'lessons'] as const,
};

const weekPath = (weekId: string, rest = '') => pathOf('/api/weeks', weekId, rest);

/** GET /api/teacher/weeks[?subjectId=]: the weeks of the teacher's subjects, with their tasks and capstone. */
export const useTeacherWeeksQuery = (subjectId: string | null, enabled = true) =>
  useApiQuery(learningKeys.weeks(subjectId), `/api/teacher/weeks${subjectId ? `?subjectId=${encodeURIComponent(subjectId)}` : ''}`, weeksResponseSchema, { enabled });

/** A change of a week; the answer carries the week as it is now, and every weeks list is read again. */
const useWeekChange = <V>(call: (vars: V) => ApiCall) =>
  useApiMutation(call, weekResponseSchema, { onSuccess: (client) => client.invalidateQueries({ queryKey: learningKeys.allWeeks }) });

type OfWeek = { weekId: string };
type OfTask = OfWeek & { taskId: string };
const taskPath = ({ weekId, taskId }: OfTask) => weekPath(weekId, `/tasks/${encodeURIComponent(taskId)}`);

export const useCreateWeekMutation = () => useWeekChange((body: CreateWeekRequest) => ({ path: '/api/weeks', body }));
export const useUpdateWeekMutation = () => useWeekChange(({ weekId, ...body }: OfWeek & UpdateWeekRequest) => ({ path: weekPath(weekId), method: 'PUT', body }));
export const useSetWeekPublishedMutation = () =>
  useWeekChange(({ weekId, published }: OfWeek & { published: boolean }) => ({ path: weekPath(weekId, '/published'), method: 'PUT', body: { published } }));
export const useAddTaskMutation = () => useWeekChange(({ weekId, ...body }: OfWeek & AddTaskRequest) => ({ path: weekPath(weekId, '/tasks'), body }));
export const useUpdateTaskMutation = () => useWeekChange(({ weekId, taskId, ...body }: OfTask & UpdateTaskRequest) => ({ path: taskPath({ weekId, taskId }), method: 'PUT', body }));
export const useRemoveTaskMutation = () => useWeekChange((task: OfTask) => ({ path: taskPath(task), method: 'DELETE' }));
export const useReorderTasksMutation = () => useWeekChange(({ weekId, ...body }: OfWeek & ReorderTasksRequest) => ({ path: weekPath(weekId, '/tasks/order'), method: 'PUT', body }));
export const useSetCapstoneMutation = () => useWeekChange(({ weekId, ...body }: OfWeek & SetCapstoneRequest) => ({ path: weekPath(weekId, '/capstone'), method: 'PUT', body }));
export const useRemoveCapstoneMutation = () => useWeekChange(({ weekId }: OfWeek) => ({ path: weekPath(weekId, '/capstone'), method: 'DELETE' }));

/** GET /api/student/lessons: the published weeks of the student's current week, with their submissions. */
export const useLessonsQuery = () => useApiQuery(learningKeys.lessons, '/api/student/lessons', lessonsResponseSchema);
