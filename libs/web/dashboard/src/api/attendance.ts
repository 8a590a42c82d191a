import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type AddNonTeachingDayRequest,
  attendanceSheetResponseSchema,
  type CancelSessionRequest,
  classSessionResponseSchema,
  classSessionsResponseSchema,
  type MoveSessionRequest,
  myAttendanceResponseSchema,
  nonTeachingDaysChangedResponseSchema,
  nonTeachingDaysResponseSchema,
  type RecordAttendanceRequest,
  recordAttendanceResponseSchema,
  scheduleResponseSchema,
  scheduledSubjectsResponseSchema,
  type SetScheduleRequest,
} from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

export const attendanceKeys = {
  all: ['attendance'] as const,
  subjects: ['attendance', 'subjects'] as const,
  sessions: (subjectId: string) => ['attendance', 'sessions', subjectId] as const,
  sheet: (sessionId: string) => ['attendance', 'sheet', sessionId] as const,
  mine: ['attendance', 'mine'] as const,
  nonTeachingDays: (year: number) => ['attendance', 'non-teaching-days', year] as const,
};

/** GET /api/attendance/subjects: a teacher's subjects (all for an admin) with their schedules. */
export const useScheduledSubjectsQuery = () => useApiQuery(attendanceKeys.subjects, '/api/attendance/subjects', scheduledSubjectsResponseSchema);
/** GET /api/attendance/subjects/:id/sessions. */
export const useClassSessionsQuery = (subjectId: string) =>
  useApiQuery(attendanceKeys.sessions(subjectId), pathOf('/api/attendance/subjects', subjectId, '/sessions'), classSessionsResponseSchema, { enabled: subjectId !== '' });
/** GET /api/attendance/sessions/:id: the roster, its marks and their history. */
export const useAttendanceSheetQuery = (sessionId: string) =>
  useApiQuery(attendanceKeys.sheet(sessionId), pathOf('/api/attendance/sessions', sessionId), attendanceSheetResponseSchema, { enabled: sessionId !== '' });
/** GET /api/attendance/mine (student). */
export const useMyAttendanceQuery = () => useApiQuery(attendanceKeys.mine, '/api/attendance/mine', myAttendanceResponseSchema);
/** GET /api/attendance/non-teaching-days?year= (admin). */
export const useNonTeachingDaysQuery = (year: number) => useApiQuery(attendanceKeys.nonTeachingDays(year), `/api/attendance/non-teaching-days?year=${year}`, nonTeachingDaysResponseSchema);

/** Every change here can move sessions: every attendance list is read again. */
const refresh = { onSuccess: (client: QueryClient) => client.invalidateQueries({ queryKey: attendanceKeys.all }) };

/** PUT /api/attendance/subjects/:id/schedule (admin). */
export const useSetScheduleMutation = () =>
  useApiMutation(({ subjectId, ...body }: SetScheduleRequest & { subjectId: string }) => ({ path: pathOf('/api/attendance/subjects', subjectId, '/schedule'), method: 'PUT', body }), scheduleResponseSchema, refresh);
/** POST /api/attendance/sessions/:id/cancel. */
export const useCancelSessionMutation = () =>
  useApiMutation(({ sessionId, ...body }: CancelSessionRequest & { sessionId: string }) => ({ path: pathOf('/api/attendance/sessions', sessionId, '/cancel'), body }), classSessionResponseSchema, refresh);
/** POST /api/attendance/sessions/:id/move. */
export const useMoveSessionMutation = () =>
  useApiMutation(({ sessionId, ...body }: MoveSessionRequest & { sessionId: string }) => ({ path: pathOf('/api/attendance/sessions', sessionId, '/move'), body }), classSessionResponseSchema, refresh);
/** PUT /api/attendance/sessions/:id/marks: the whole screen in one command; its answer is the sheet. */
export const useRecordAttendanceMutation = () =>
  useApiMutation(({ sessionId, ...body }: RecordAttendanceRequest & { sessionId: string }) => ({ path: pathOf('/api/attendance/sessions', sessionId, '/marks'), method: 'PUT', body }), recordAttendanceResponseSchema, refresh);
/** POST /api/attendance/non-teaching-days (admin). */
export const useAddNonTeachingDayMutation = () => useApiMutation((body: AddNonTeachingDayRequest) => ({ path: '/api/attendance/non-teaching-days', body }), nonTeachingDaysChangedResponseSchema, refresh);
/** DELETE /api/attendance/non-teaching-days/:date (admin). */
export const useRemoveNonTeachingDayMutation = () =>
  useApiMutation((date: string) => ({ path: pathOf('/api/attendance/non-teaching-days', date), method: 'DELETE' }), nonTeachingDaysChangedResponseSchema, refresh);
/** POST /api/attendance/non-teaching-days/fill (admin). */
export const useFillNonTeachingDaysMutation = () => useApiMutation((year: number) => ({ path: '/api/attendance/non-teaching-days/fill', body: { year } }), nonTeachingDaysChangedResponseSchema, refresh);
/** GET /api/attendance/subjects/:id/attendance.csv as text, for a download. */
export const useAttendanceCsvDownload = () =>
  useApiMutation(
    ({ subjectId, from, to }: { subjectId: string; from: string; to: string }) => ({
      path: `${pathOf('/api/attendance/subjects', subjectId, '/attendance.csv')}?${new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString()}`,
      responseType: 'text',
    }),
    z.string(),
  );
