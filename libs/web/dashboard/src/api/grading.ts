import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  gradeHistoryResponseSchema,
  myGradesResponseSchema,
  progressResponseSchema,
  studentDashboardResponseSchema,
  submissionDetailResponseSchema,
  submissionResponseSchema,
  teacherDashboardResponseSchema,
  teacherSubmissionsResponseSchema,
  type GradeSubmissionRequest,
  type SubmissionTab,
  type SubmitWorkRequest,
} from '@academy/contracts';
import { useSession } from '@academy/web-session';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';
import { learningKeys } from './learning';

/** Cache keys of the grading answers. */
export const gradingKeys = {
  /** Prefix of every subject's and tab's pages: invalidating it refreshes both tabs' counts and rows. */
  allTeacherSubmissions: ['teacher', 'submissions'] as const,
  /** An infinite query: its data is { pages, pageParams } (the cursors sent, null first). */
  teacherSubmissions: (subjectId: string | null, tab: SubmissionTab, awaitingReply = false) => ['teacher', 'submissions', subjectId ?? 'all', tab, awaitingReply ? 'unanswered' : 'every'] as const,
  submission: (id: string) => ['submission', id] as const,
  history: (id: string) => ['submission', id, 'history'] as const,
  teacherDashboard: ['teacher', 'dashboard'] as const,
  myGrades: ['student', 'grades'] as const,
  progress: ['student', 'progress'] as const,
  studentDashboard: ['student', 'dashboard'] as const,
};

/** What a student's screens show of their own work: lessons, grades, progress and the dashboard. */
export function refreshStudentWork(client: QueryClient): Promise<unknown> {
  return Promise.all(
    [learningKeys.lessons, gradingKeys.myGrades, gradingKeys.progress, gradingKeys.studentDashboard].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

/** POST /api/student/submissions: a task or capstone's GitHub link (a new attempt after needs_revision). */
export const useSubmitWorkMutation = () =>
  useApiMutation((body: SubmitWorkRequest) => ({ path: '/api/student/submissions', body }), submissionResponseSchema, { onSuccess: refreshStudentWork });

/** GET /api/student/grades: every attempt of the caller, newest first, and the summary figures. */
export const useMyGradesQuery = () => useApiQuery(gradingKeys.myGrades, '/api/student/grades', myGradesResponseSchema);
/** GET /api/student/progress: week by week, and the score trend. */
export const useProgressQuery = () => useApiQuery(gradingKeys.progress, '/api/student/progress', progressResponseSchema);
/** GET /api/student/dashboard: the student dashboard's figures. */
export const useStudentDashboardQuery = () => useApiQuery(gradingKeys.studentDashboard, '/api/student/dashboard', studentDashboardResponseSchema);
/** GET /api/teacher/dashboard: the teacher dashboard's figures. */
export const useTeacherDashboardQuery = () => useApiQuery(gradingKeys.teacherDashboard, '/api/teacher/dashboard', teacherDashboardResponseSchema);

/**
 * GET /api/teacher/submissions?tab=&subjectId=&awaitingReply=&after=: one tab of the teacher's latest attempts, page by
 * page ("Load more" is fetchNextPage); every page carries both tabs' counts (of unanswered replies only, with `awaitingReply`).
 */
export function useTeacherSubmissionsQuery(subjectId: string | null, tab: SubmissionTab, enabled = true, awaitingReply = false) {
  const { fetch } = useSession();
  return useInfiniteQuery({
    queryKey: gradingKeys.teacherSubmissions(subjectId, tab, awaitingReply),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ tab });
      if (subjectId) query.set('subjectId', subjectId);
      if (awaitingReply) query.set('awaitingReply', 'true');
      if (pageParam) query.set('after', pageParam);
      return teacherSubmissionsResponseSchema.parse(await fetch<unknown>(`/api/teacher/submissions?${query}`, { signal }));
    },
    // null: the last page.
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** GET /api/submissions/:id: the submission and every attempt at the same item, oldest first. */
export const useSubmissionDetailQuery = (id: string, enabled = true) =>
  useApiQuery(gradingKeys.submission(id), pathOf('/api/submissions', id), submissionDetailResponseSchema, { enabled });
/** GET /api/submissions/:id/history: every grade change of the item (who, when, old → new). */
export const useGradeHistoryQuery = (id: string, enabled = true) =>
  useApiQuery(gradingKeys.history(id), pathOf('/api/submissions', id, '/history'), gradeHistoryResponseSchema, { enabled });

/** POST /api/submissions/:id/grade with the version the teacher saw: a grade given meanwhile answers 409. */
export const useGradeSubmissionMutation = () =>
  useApiMutation(({ submissionId, ...body }: { submissionId: string } & GradeSubmissionRequest) => ({ path: pathOf('/api/submissions', submissionId, '/grade'), body }), submissionResponseSchema, {
    onSuccess: (client, _answer, { submissionId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: gradingKeys.allTeacherSubmissions }),
        client.invalidateQueries({ queryKey: gradingKeys.teacherDashboard }),
        client.invalidateQueries({ queryKey: ['submission', submissionId] }),
      ]),
  });

/** GET /api/subjects/:id/grades.csv as text, for a download. */
export const useGradesCsvDownload = () => useApiMutation((subjectId: string) => ({ path: pathOf('/api/subjects', subjectId, '/grades.csv'), responseType: 'text' }), z.string());
